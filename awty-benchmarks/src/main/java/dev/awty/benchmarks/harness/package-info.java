/**
 * What every scenario runs on: the database, the options, the receiver that counts deliveries and duplicates, lag
 * windows, processor time, the plan of {@code all} and Quartz's schema; it depends on nothing else in the module.
 */
@NullMarked
package dev.awty.benchmarks.harness;

import org.jspecify.annotations.NullMarked;
