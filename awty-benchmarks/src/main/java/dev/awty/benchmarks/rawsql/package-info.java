/**
 * The raw-SQL peers of the drain, with plain JDBC: the relay loop (one transaction per batch, the anchor) and the
 * claim+mark loop (a committed claim, then a mark).
 */
@NullMarked
package dev.awty.benchmarks.rawsql;

import org.jspecify.annotations.NullMarked;
