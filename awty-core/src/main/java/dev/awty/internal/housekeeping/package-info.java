/**
 * Housekeeping: deletes old history entries, old finished rows and completed {@code @at} schedules, in bounded
 * batches, one instance at a time.
 */
@NullMarked
package dev.awty.internal.housekeeping;

import org.jspecify.annotations.NullMarked;
