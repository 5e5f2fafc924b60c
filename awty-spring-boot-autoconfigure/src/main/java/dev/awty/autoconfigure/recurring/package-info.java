/**
 * Recurring schedules: the service that creates and changes them and the poller of {@code awty_schedule}.
 */
@NullMarked
package dev.awty.autoconfigure.recurring;

import org.jspecify.annotations.NullMarked;
