package dev.awty.internal.recurring.source;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

import dev.awty.internal.recurring.ScheduleRow;

/**
 * Where a batch of schedules spent its time, for the debug log: how far ahead of its first occurrence it was
 * claimed, how long publishing and recording took. A late occurrence is explained by one of them.
 */
final class BatchTimes {

	private BatchTimes() {
	}

	/**
	 * @param now the database's clock at the claim
	 * @param claimedAtNanos {@link System#nanoTime()} when the claim returned
	 * @param firingNanos when firing began, waiting for the occurrences' time included
	 * @param recordingNanos when recording began
	 */
	static String describe(List<ScheduleRow> rows, Instant now, long claimedAtNanos, long firingNanos,
			long recordingNanos) {
		Instant first = rows.stream()
			.map((row) -> row.schedule().nextFireAt())
			.filter(Objects::nonNull)
			.min(Instant::compareTo)
			.orElse(now);
		long recorded = System.nanoTime();
		return String.format("awty: %d recurring schedule(s) claimed %d ms before their first occurrence; firing "
				+ "(waiting included) took %d ms, ending %d ms after it; recording %d ms", rows.size(),
				Duration.between(now, first).toMillis(), millis(recordingNanos - firingNanos),
				millis(recordingNanos - claimedAtNanos) - Duration.between(now, first).toMillis(),
				millis(recorded - recordingNanos));
	}

	private static long millis(long nanos) {
		return Duration.ofNanos(nanos).toMillis();
	}

}
