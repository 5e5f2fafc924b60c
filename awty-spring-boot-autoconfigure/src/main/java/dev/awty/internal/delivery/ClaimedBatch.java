package dev.awty.internal.delivery;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.awty.ScheduledEntity;
import dev.awty.internal.pipeline.PollSource;

/**
 * Rows claimed together, and the token they were claimed with: the instance id plus a sequence number, so
 * that a batch whose lease ran out cannot mark rows this same instance has claimed again since.
 *
 * @param databaseNow the database's clock as the claim saw it; {@code null} when unknown
 * @param claimedAtNanos {@link System#nanoTime()} once the claim returned, no earlier than {@code databaseNow}
 */
record ClaimedBatch<T extends ScheduledEntity>(String token, List<T> rows, @Nullable Instant databaseNow,
		long claimedAtNanos) implements PollSource.Batch {

	ClaimedBatch(String token, List<T> rows) {
		this(token, rows, null, 0);
	}

	@Override
	public int size() {
		return this.rows.size();
	}

}
