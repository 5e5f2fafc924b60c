package dev.awty.internal.recurring;

import java.time.ZoneId;

import dev.awty.recurring.ScheduleDefinition;
import dev.awty.recurring.ScheduleExpression;

/**
 * A definition that passed validation, with its expression parsed and its zone resolved.
 */
record ValidSchedule(ScheduleDefinition definition, ScheduleExpression expression, ZoneId zone) {

	String id() {
		return this.definition.id();
	}

}
