/**
 * Recurring schedules: the {@link dev.awty.recurring.RecurringSchedules} service, its expression value type and
 * the headers of each published occurrence.
 */
@NullMarked
package dev.awty.recurring;

import org.jspecify.annotations.NullMarked;
