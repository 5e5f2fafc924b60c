package dev.awty.internal.recurring.source;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.awty.internal.recurring.SkippedOccurrences;
import dev.awty.recurring.RecurringSchedule;

/**
 * What firing one claimed schedule did: the outcome to record, the occurrences published, and the occurrence that
 * failed (with the error in the outcome).
 *
 * @param failed the occurrence that could not be published; {@code null} when all were, or when none could be planned
 * @param durationMillis the time spent publishing the group of messages the schedule's occurrences were in
 * @param skipped the occurrences its misfire policy dropped that the recorded next occurrence leaves behind
 */
record FiredSchedule(RecurringSchedule schedule, ScheduleOutcomes.Outcome outcome, List<Instant> published,
		@Nullable Instant failed, long durationMillis, SkippedOccurrences skipped) {

	FiredSchedule {
		published = List.copyOf(published);
	}

}
