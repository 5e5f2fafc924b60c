package dev.awty.recurring;

import java.util.List;
import java.util.Locale;

import org.jspecify.annotations.Nullable;

import org.springframework.scheduling.support.CronExpression;

/**
 * Reads the cron form of a {@link ScheduleExpression}: a macro, the 5-field crontab form or Spring's 6-field form.
 * A bad expression is reported with the field at fault, which Spring's own message about the whole expression
 * does not name.
 */
final class CronText {

	private static final List<String> FIELDS_6 = List.of("second", "minute", "hour", "day-of-month", "month",
			"day-of-week");

	private CronText() {
	}

	static CronExpression parse(String text) {
		if (text.startsWith("@")) {
			try {
				return CronExpression.parse(text.toLowerCase(Locale.ROOT));
			}
			catch (IllegalArgumentException ex) {
				throw ScheduleExpression.invalid("Unknown macro '" + text
						+ "'; use @hourly, @daily, @weekly, @monthly, @yearly, @every <duration> or @at <instant>");
			}
		}
		String[] fields = text.split("\\s+");
		if (fields.length != 5 && fields.length != 6) {
			throw ScheduleExpression.invalid("A cron expression has 5 fields (minute hour day-of-month month "
					+ "day-of-week) or 6 (second first); found " + fields.length + " in '" + text + "'");
		}
		String spring = (fields.length == 6) ? text : "0 " + String.join(" ", fields);
		try {
			return CronExpression.parse(spring);
		}
		catch (IllegalArgumentException ex) {
			throw badField(text, fields, ex);
		}
	}

	/** Parses each field alone, among wildcards, to find the first one that Spring refuses. */
	private static InvalidScheduleException badField(String text, String[] fields, IllegalArgumentException failure) {
		List<String> names = (fields.length == 6) ? FIELDS_6 : FIELDS_6.subList(1, 6);
		for (int i = 0; i < fields.length; i++) {
			String[] probe = { "*", "*", "*", "*", "*", "*" };
			probe[i + (6 - fields.length)] = fields[i];
			try {
				CronExpression.parse(String.join(" ", probe));
			}
			catch (IllegalArgumentException fieldFailure) {
				return ScheduleExpression.invalid("Invalid cron expression '" + text + "': the " + names.get(i)
						+ " field '" + fields[i] + "' is not valid (" + withoutProbe(fieldFailure.getMessage()) + ")");
			}
		}
		return ScheduleExpression.invalid("Invalid cron expression '" + text + "': " + failure.getMessage());
	}

	/** Spring's message quotes the probe expression, which the user never wrote. */
	private static String withoutProbe(@Nullable String message) {
		String text = String.valueOf(message);
		int probe = text.indexOf(" in cron expression");
		return (probe > 0) ? text.substring(0, probe) : text;
	}

}
