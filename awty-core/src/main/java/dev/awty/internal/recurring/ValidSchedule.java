package dev.awty.internal.recurring;

import java.time.Instant;
import java.time.ZoneId;

import dev.awty.recurring.InvalidScheduleException;
import dev.awty.recurring.ScheduleDefinition;
import dev.awty.recurring.ScheduleExpression;

/**
 * A definition that passed validation, with its expression parsed and its zone resolved.
 */
record ValidSchedule(ScheduleDefinition definition, ScheduleExpression expression, ZoneId zone) {

	String id() {
		return this.definition.id();
	}

	/**
	 * The schedule's first occurrence after {@code now}.
	 * @throws InvalidScheduleException if the expression never matches a date
	 */
	Instant firstOccurrence(Instant now) {
		Instant first = this.expression.first(now, this.zone);
		if (first == null) {
			throw new InvalidScheduleException("expression",
					"Cron expression '" + this.expression + "' never matches a date; it would never fire");
		}
		return first;
	}

}
