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
final class Occurrences {

	private final ScheduleExpression expression;

	private final ZoneId zone;

	private final Instant anchor;

	Occurrences(ScheduleExpression expression, ZoneId zone, Instant anchor) {
		this.expression = expression;
		this.zone = zone;
		this.anchor = anchor;
	}

	/** The first occurrence strictly after {@code instant}; {@code null} when there is none. */
	@Nullable Instant firstAfter(Instant instant) {
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
	@Nullable Instant firstAtOrAfter(Instant instant) {
		return firstAfter(instant.minusNanos(1));
	}

	private Duration period() {
		Duration period = this.expression.period();
		if (period == null) {
			throw new IllegalStateException("not an @every expression: " + this.expression);
		}
		return period;
	}

}
