package dev.awty.internal.recurring;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.awty.internal.pipeline.PollSource;

/**
 * Schedules claimed together under one claim token.
 *
 * @param limit the most readable schedules the claim could have taken: the batch size less the schedules it took
 * that could not be read; fewer means nothing more was due
 * @param databaseNow the database's clock as the claim saw it; {@code null} when unknown
 * @param claimedAtNanos {@link System#nanoTime()} once the claim returned, no earlier than {@code databaseNow}
 */
record ClaimedSchedules(String token, List<ScheduleRow> rows, int limit, @Nullable Instant databaseNow,
		long claimedAtNanos) implements PollSource.Batch {

	@Override
	public int size() {
		return this.rows.size();
	}

}
