/**
 * Collecting measurements and writing them as a table, JSON and markdown.
 */
@NullMarked
package dev.awty.benchmarks.report;

import org.jspecify.annotations.NullMarked;
