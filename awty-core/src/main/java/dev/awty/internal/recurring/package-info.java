/**
 * Recurring schedules: their table, the misfire arithmetic and the poller that publishes their occurrences.
 */
@NullMarked
package dev.awty.internal.recurring;

import org.jspecify.annotations.NullMarked;
