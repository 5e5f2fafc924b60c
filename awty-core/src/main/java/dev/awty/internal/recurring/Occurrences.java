package dev.awty.internal.recurring;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;

import org.jspecify.annotations.Nullable;

import dev.awty.recurring.ScheduleExpression;

/**
 * Finds occurrences of a schedule around an instant without walking every missed one: a cron expression is
 * asked directly, an {@code @every} grid is anchored at a stored occurrence and stepped by whole periods.
 */
public final class Occurrences {

	/** How many occurrences of a cron expression are walked to count a run of them; beyond, the count is a bound. */
	public static final int MAX_COUNTED = 10_000;

	private final ScheduleExpression expression;

	private final ZoneId zone;

	private final Instant anchor;

	public Occurrences(ScheduleExpression expression, ZoneId zone, Instant anchor) {
		this.expression = expression;
		this.zone = zone;
		this.anchor = anchor;
	}

	/** The first occurrence strictly after {@code instant}; {@code null} when there is none. */
	public @Nullable Instant firstAfter(Instant instant) {
		return switch (this.expression.kind()) {
			case AT -> this.anchor.isAfter(instant) ? this.anchor : null;
			case EVERY -> {
				if (this.anchor.isAfter(instant)) {
					yield this.anchor;
				}
				long periods = Duration.between(this.anchor, instant).toNanos() / period().toNanos() + 1;
				yield this.anchor.plus(period().multipliedBy(periods));
			}
			case CRON -> this.expression.next(instant, this.zone);
		};
	}

	/** The first occurrence at or after {@code instant}; {@code null} when there is none. */
	public @Nullable Instant firstAtOrAfter(Instant instant) {
		return firstAfter(instant.minusNanos(1));
	}

	/**
	 * The occurrences from {@code from} (an occurrence, or the anchor's grid) up to but excluding {@code until}:
	 * counted by arithmetic on an {@code @every} grid, walked for a cron expression up to {@link #MAX_COUNTED}.
	 */
	public SkippedOccurrences between(Instant from, Instant until) {
		Instant first = firstAtOrAfter(from);
		if (first == null || !first.isBefore(until)) {
			return SkippedOccurrences.NONE;
		}
		if (this.expression.kind() == ScheduleExpression.Kind.EVERY) {
			long periodNanos = period().toNanos();
			long count = (Duration.between(first, until).toNanos() - 1) / periodNanos + 1;
			return new SkippedOccurrences(count, first, first.plus(period().multipliedBy(count - 1)), false);
		}
		long count = 0;
		Instant last = first;
		Instant candidate = first;
		while (candidate != null && candidate.isBefore(until)) {
			if (count == MAX_COUNTED) {
				return new SkippedOccurrences(count, first, null, true);
			}
			count++;
			last = candidate;
			candidate = this.expression.next(candidate, this.zone);
		}
		return new SkippedOccurrences(count, first, last, false);
	}

	private Duration period() {
		Duration period = this.expression.period();
		if (period == null) {
			throw new IllegalStateException("not an @every expression: " + this.expression);
		}
		return period;
	}

}
