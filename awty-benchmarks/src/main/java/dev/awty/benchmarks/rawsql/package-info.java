/**
 * The raw-SQL baseline: claiming and marking with plain JDBC, the database's own limit for the work.
 */
@NullMarked
package dev.awty.benchmarks.rawsql;

import org.jspecify.annotations.NullMarked;
