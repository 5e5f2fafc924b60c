/**
 * Quartz with its clustered JDBC job store on the benchmark's PostgreSQL, set up as its documentation does.
 */
@NullMarked
package dev.awty.benchmarks.quartz;

import org.jspecify.annotations.NullMarked;
