package dev.awty.internal.recurring;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.awty.recurring.MisfirePolicy;
import dev.awty.recurring.ScheduleExpression;

/**
 * What one claim of a due schedule publishes, and its next occurrence afterwards. Every instant is derived from
 * the stored occurrence, never from the time of delivery, so a schedule does not drift.
 *
 * @param occurrences the occurrences to publish, oldest first; empty when all due ones are dropped
 * @param next the first occurrence after now; {@code null} when the schedule completes
 */
record FirePlan(List<Instant> occurrences, @Nullable Instant next) {

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
		return new FirePlan(List.copyOf(due), next);
	}

	private static boolean isOnlyDue(Instant occurrence, @Nullable Instant next, ScheduleExpression expression,
			ZoneId zone) {
		Instant successor = expression.next(occurrence, zone);
		return successor == null || successor.equals(next);
	}

}
