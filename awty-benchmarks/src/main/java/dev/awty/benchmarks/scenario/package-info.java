/**
 * The scenarios: drain, lag, backlog, schedule and reschedule.
 */
@NullMarked
package dev.awty.benchmarks.scenario;

import org.jspecify.annotations.NullMarked;
