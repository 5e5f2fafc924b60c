package dev.awty.internal.recurring.source;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.awty.internal.recurring.Occurrences;
import dev.awty.internal.recurring.SkippedOccurrences;
import dev.awty.recurring.MisfirePolicy;
import dev.awty.recurring.ScheduleExpression;

/**
 * What one claim of a due schedule publishes, and its next occurrence afterwards. Every instant is derived from
 * the stored occurrence, never from the time of delivery, so a schedule does not drift.
 *
 * @param occurrences the occurrences to publish, oldest first; empty when all due ones are dropped
 * @param next the first occurrence after now; {@code null} when the schedule completes
 * @param skippedBefore the due occurrences dropped before the first one published (or all of them, when none is)
 * @param skippedAfter the due occurrences dropped after the last one published
 */
record FirePlan(List<Instant> occurrences, @Nullable Instant next, SkippedOccurrences skippedBefore,
		SkippedOccurrences skippedAfter) {

	/** A plan that publishes nothing and leaves the schedule complete. */
	static final FirePlan COMPLETE = new FirePlan(List.of(), null, SkippedOccurrences.NONE, SkippedOccurrences.NONE);

	/**
	 * Plans the due occurrences of a schedule whose stored next occurrence is {@code scheduled}.
	 * @param now the database's time of the claim
	 */
	static FirePlan of(ScheduleExpression expression, ZoneId zone, Instant scheduled, Instant now,
			MisfirePolicy policy, @Nullable Duration deadline, int maxCatchUp) {
		Occurrences occurrences = new Occurrences(expression, zone, scheduled);
		Instant first = scheduled;
		if (deadline != null && scheduled.isBefore(now.minus(deadline))) {
			first = occurrences.firstAtOrAfter(now.minus(deadline));
		}
		int limit = switch (policy) {
			case FIRE_ALL -> maxCatchUp;
			case FIRE_ONCE -> 1;
			case SKIP -> (deadline != null) ? maxCatchUp : 1;
		};
		List<Instant> due = new ArrayList<>();
		Instant candidate = first;
		while (candidate != null && !candidate.isAfter(now) && due.size() < limit) {
			due.add(candidate);
			candidate = expression.next(candidate, zone);
		}
		Instant next = (candidate == null || candidate.isAfter(now)) ? candidate : occurrences.firstAfter(now);
		if (policy == MisfirePolicy.SKIP && deadline == null && !due.isEmpty() && !isOnlyDue(due.get(0), next, expression, zone)) {
			due.clear();
		}
		// Everything due up to now that is not published was dropped: counted in runs, never walked one by one.
		Instant until = (next != null) ? next : now.plusNanos(1);
		if (due.isEmpty()) {
			return new FirePlan(List.of(), next, occurrences.between(scheduled, until), SkippedOccurrences.NONE);
		}
		Instant afterLast = expression.next(due.get(due.size() - 1), zone);
		SkippedOccurrences after = (afterLast != null) ? occurrences.between(afterLast, until) : SkippedOccurrences.NONE;
		return new FirePlan(List.copyOf(due), next, occurrences.between(scheduled, due.get(0)), after);
	}

	private static boolean isOnlyDue(Instant occurrence, @Nullable Instant next, ScheduleExpression expression,
			ZoneId zone) {
		Instant successor = expression.next(occurrence, zone);
		return successor == null || successor.equals(next);
	}

}
