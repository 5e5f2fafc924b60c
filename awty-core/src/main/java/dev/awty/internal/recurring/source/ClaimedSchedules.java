package dev.awty.internal.recurring.source;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.awty.internal.pipeline.PollSource;
import dev.awty.internal.pipeline.kit.LeaseHeartbeat;
import dev.awty.internal.recurring.ScheduleRow;

/**
 * Schedules claimed together under one claim token: the same shape as a batch of event rows, its held leases inside
 * it and the rows that could not be read already recorded by the claim.
 *
 * @param limit the most readable schedules the claim could have taken: the batch size less the schedules it took
 * that could not be read; fewer means nothing more was due
 * @param databaseNow the database's clock as the claim saw it; {@code null} when unknown
 * @param claimedAtNanos {@link System#nanoTime()} once the claim returned, no earlier than {@code databaseNow}
 * @param held the schedules whose lease the heartbeat keeps alive until their outcomes are recorded
 */
record ClaimedSchedules(String token, List<ScheduleRow> rows, int limit, @Nullable Instant databaseNow,
		long claimedAtNanos, LeaseHeartbeat<String>.Held held) implements PollSource.Batch {

	@Override
	public int size() {
		return this.rows.size();
	}

}
