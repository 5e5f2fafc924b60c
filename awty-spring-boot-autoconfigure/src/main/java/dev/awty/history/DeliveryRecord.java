package dev.awty.history;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * One entry of the delivery history.
 *
 * @param type the event type name
 * @param rowId the id of the row in the type's table
 * @param eventId the {@code awty_event_id} of the row's message(s)
 * @param dueAt the row's due time when it was handled
 * @param finishedAt when the outcome was written, by the database's clock
 * @param attempts the row's attempts including this one
 * @param checkCount how many times a handler had asked to check the row again
 * @param error why it failed; {@code null} unless {@code FAILED} or {@code RETRY}
 * @param durationMillis time spent on the row: its handler and publishing
 * @param instanceId the instance that handled it
 */
public record DeliveryRecord(long id, String type, long rowId, String eventId, @Nullable Instant dueAt,
		Instant finishedAt, int attempts, int checkCount, DeliveryOutcome outcome, @Nullable String error,
		long durationMillis, String instanceId) {
}
