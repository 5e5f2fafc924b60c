package dev.awty.internal.history;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

import dev.awty.history.DeliveryOutcome;

/**
 * One history entry to write; {@code finished_at} is the database's clock at the write.
 */
public record LogEntry(String type, long rowId, String eventId, @Nullable Instant dueAt, int attempts, int checkCount,
		DeliveryOutcome outcome, @Nullable String error, long durationMillis, String instanceId) {
}
