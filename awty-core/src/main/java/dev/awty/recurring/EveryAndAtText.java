package dev.awty.recurring;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * Reads the operand of {@code @every} (a period) and of {@code @at} (an instant) in a {@link ScheduleExpression},
 * and keeps each within what occurrence ids and the databases' timestamps hold.
 */
final class EveryAndAtText {

	private static final Instant LATEST_AT = Instant.parse("9999-12-31T23:59:59Z");

	private EveryAndAtText() {
	}

	/**
	 * @param value the text after {@code @every}
	 * @param text the whole expression, quoted in errors
	 */
	static Duration period(String value, String text) {
		if (value.isEmpty()) {
			throw ScheduleExpression
				.invalid("@every needs a duration, e.g. '@every 90s', '@every 1h30m' or '@every PT90S'");
		}
		Duration duration = DurationText.parse(value);
		if (duration == null) {
			throw ScheduleExpression
				.invalid("Invalid duration '" + value + "' in '" + text + "'; use " + DurationText.FORMATS);
		}
		// Occurrence ids carry the epoch second, so two occurrences must never share one.
		if (duration.compareTo(Duration.ofSeconds(1)) < 0) {
			throw ScheduleExpression.invalid("@every needs a positive duration of at least 1 second; got '" + value
					+ "' in '" + text + "'");
		}
		if (duration.compareTo(ScheduleExpression.MAX_PERIOD) > 0) {
			throw ScheduleExpression.invalid("@every needs a duration of at most "
					+ ScheduleExpression.MAX_PERIOD.toDays() + "d; got '" + value + "' in '" + text + "'");
		}
		return duration;
	}

	/**
	 * @param value the text after {@code @at}
	 * @param text the whole expression, quoted in errors
	 */
	static Instant instant(String value, String text) {
		Instant at;
		if (value.matches("\\d{1,12}")) {
			at = Instant.ofEpochSecond(Long.parseLong(value));
		}
		else {
			try {
				at = OffsetDateTime.parse(value).toInstant();
			}
			catch (DateTimeParseException ex) {
				throw ScheduleExpression.invalid("Invalid instant '" + value + "' in '" + text
						+ "'; use ISO-8601 like 2030-01-31T08:00:00Z or epoch seconds");
			}
		}
		// Every supported database stores timestamps up to the end of year 9999.
		if (at.isAfter(LATEST_AT)) {
			throw ScheduleExpression
				.invalid("@at needs an instant before the year 10000; got '" + value + "' in '" + text + "'");
		}
		return at;
	}

}
