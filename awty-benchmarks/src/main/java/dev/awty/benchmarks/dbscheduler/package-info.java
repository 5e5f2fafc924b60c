/**
 * db-scheduler, the peer awty is compared with, configured with a plain DataSource.
 */
@NullMarked
package dev.awty.benchmarks.dbscheduler;

import org.jspecify.annotations.NullMarked;
