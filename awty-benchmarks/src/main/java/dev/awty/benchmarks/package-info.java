/**
 * The benchmark harness: awty, db-scheduler and a raw-SQL baseline on one PostgreSQL, side by side.
 */
@NullMarked
package dev.awty.benchmarks;

import org.jspecify.annotations.NullMarked;
