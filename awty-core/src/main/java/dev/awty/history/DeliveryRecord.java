package dev.awty.history;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * One entry of the delivery history: about a row of an event type's table, or about an occurrence of a recurring
 * schedule (type {@code awty_recurring}).
 *
 * @param type the event type name, or {@code awty_recurring} for an occurrence of a recurring schedule
 * @param rowId the id of the row in the type's table; {@code 0} for an occurrence
 * @param scheduleId the id of the recurring schedule; {@code null} for a row of an event type
 * @param scheduleVersion the version of the schedule that produced the occurrence (its
 * {@code awty_schedule_version} header); {@code null} for a row of an event type, for a schedule row that could not be
 * read, and for entries written before awty recorded versions
 * @param eventId the {@code awty_event_id} of the row's message(s), or of the occurrence's
 * @param dueAt the row's due time when it was handled, or the occurrence's time
 * @param finishedAt when the outcome was written, by the database's clock
 * @param attempts the row's attempts including this one
 * @param checkCount how many times a handler had asked to check the row again
 * @param error why it failed; {@code null} unless {@code FAILED} or {@code RETRY}
 * @param durationMillis time spent on the row: its handler and publishing
 * @param instanceId the instance that handled it
 */
public record DeliveryRecord(long id, String type, long rowId, @Nullable String scheduleId,
		@Nullable Long scheduleVersion, String eventId, @Nullable Instant dueAt, Instant finishedAt, int attempts,
		int checkCount, DeliveryOutcome outcome, @Nullable String error, long durationMillis, String instanceId) {

	/** An entry without a schedule version: about a row of an event type, or an occurrence recorded without one. */
	public DeliveryRecord(long id, String type, long rowId, @Nullable String scheduleId, String eventId,
			@Nullable Instant dueAt, Instant finishedAt, int attempts, int checkCount, DeliveryOutcome outcome,
			@Nullable String error, long durationMillis, String instanceId) {
		this(id, type, rowId, scheduleId, null, eventId, dueAt, finishedAt, attempts, checkCount, outcome, error,
				durationMillis, instanceId);
	}

	/** An entry about a row of an event type's table. */
	public DeliveryRecord(long id, String type, long rowId, String eventId, @Nullable Instant dueAt, Instant finishedAt,
			int attempts, int checkCount, DeliveryOutcome outcome, @Nullable String error, long durationMillis,
			String instanceId) {
		this(id, type, rowId, null, null, eventId, dueAt, finishedAt, attempts, checkCount, outcome, error,
				durationMillis, instanceId);
	}

}
