package dev.awty.internal.delivery;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.awty.ScheduledEntity;
import dev.awty.internal.pipeline.PollSource;
import dev.awty.internal.pipeline.kit.LeaseHeartbeat;

/**
 * Rows claimed together, and the token they were claimed with: the instance id plus a sequence number, so
 * that a batch whose lease ran out cannot mark rows this same instance has claimed again since. A batch divided
 * among workers keeps the token in every part.
 *
 * @param limit the most rows the claim could have taken: fewer means nothing more was due
 * @param databaseNow the database's clock as the claim saw it; {@code null} when unknown
 * @param claimedAtNanos {@link System#nanoTime()} once the claim returned, no earlier than {@code databaseNow}
 * @param held the rows whose lease the heartbeat keeps alive until they are written
 */
record ClaimedBatch<T extends ScheduledEntity>(String token, List<T> rows, int limit, @Nullable Instant databaseNow,
		long claimedAtNanos, LeaseHeartbeat<Long>.Held held) implements PollSource.Batch {

	@Override
	public int size() {
		return this.rows.size();
	}

	/** The same claim, for {@code part} of its rows held by {@code partHeld}. */
	ClaimedBatch<T> part(List<T> part, LeaseHeartbeat<Long>.Held partHeld) {
		return new ClaimedBatch<>(this.token, part, this.limit, this.databaseNow, this.claimedAtNanos, partHeld);
	}

}
