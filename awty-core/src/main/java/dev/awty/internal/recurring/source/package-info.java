/**
 * The recurring schedules as one source of the delivery pipeline: claims due schedules, publishes their occurrences
 * by their misfire policy and records each schedule's next occurrence with the history entries of its occurrences.
 */
@NullMarked
package dev.awty.internal.recurring.source;

import org.jspecify.annotations.NullMarked;
