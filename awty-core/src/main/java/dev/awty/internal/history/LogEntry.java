package dev.awty.internal.history;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

import dev.awty.history.DeliveryOutcome;

/**
 * One history entry to write; {@code finished_at} is the database's clock at the write. An entry is about a row of
 * an event type's table ({@code rowId}) or about an occurrence of a recurring schedule ({@code scheduleId}, and the
 * version of it that produced the occurrence).
 */
public record LogEntry(String type, @Nullable Long rowId, @Nullable String scheduleId, @Nullable Long scheduleVersion,
		String eventId,
		@Nullable Instant dueAt, int attempts, int checkCount, DeliveryOutcome outcome, @Nullable String error,
		long durationMillis, String instanceId) {

	/** An entry about the row {@code rowId} of the event type {@code type}. */
	public LogEntry(String type, long rowId, String eventId, @Nullable Instant dueAt, int attempts, int checkCount,
			DeliveryOutcome outcome, @Nullable String error, long durationMillis, String instanceId) {
		this(type, Long.valueOf(rowId), null, null, eventId, dueAt, attempts, checkCount, outcome, error, durationMillis,
				instanceId);
	}

	/**
	 * An entry about one occurrence of the recurring schedule {@code scheduleId} at {@code scheduleVersion} ({@code null}
	 * when its row could not be read), written under {@code type}.
	 */
	public static LogEntry ofOccurrence(String type, String scheduleId, @Nullable Long scheduleVersion, String eventId,
			@Nullable Instant dueAt, int attempts, DeliveryOutcome outcome, @Nullable String error, long durationMillis,
			String instanceId) {
		return new LogEntry(type, null, scheduleId, scheduleVersion, eventId, dueAt, attempts, 0, outcome, error, durationMillis,
				instanceId);
	}

}
