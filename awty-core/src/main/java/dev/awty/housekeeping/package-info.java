/**
 * Housekeeping run on demand ({@link dev.awty.housekeeping.HousekeepingRuns}).
 */
@NullMarked
package dev.awty.housekeeping;

import org.jspecify.annotations.NullMarked;
