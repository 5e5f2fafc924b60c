package dev.awty.internal.delivery;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.awty.ScheduledEntity;

/**
 * Rows claimed together, and the token they were claimed with: the instance id plus a sequence number, so
 * that a batch whose lease ran out cannot mark rows this same instance has claimed again since.
 *
 * @param databaseNow the database's clock as the claim saw it; {@code null} when unknown
 * @param claimedAtNanos {@link System#nanoTime()} once the claim returned, no earlier than {@code databaseNow}
 */
record ClaimedBatch<T extends ScheduledEntity>(String token, List<T> rows, @Nullable Instant databaseNow,
		long claimedAtNanos) {

	ClaimedBatch(String token, List<T> rows) {
		this(token, rows, null, 0);
	}

	/** Whether some rows were claimed ahead of their due time and must be held until then. */
	boolean heldForDueTime() {
		Instant now = this.databaseNow;
		return now != null && this.rows.stream().anyMatch((row) -> row.getDueAt() != null && row.getDueAt().isAfter(now));
	}

	static <T extends ScheduledEntity> ClaimedBatch<T> empty() {
		return new ClaimedBatch<>("", List.of());
	}

}
