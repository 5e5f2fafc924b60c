package dev.awty.recurring;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * Reads a duration written in ISO-8601 ({@code PT90S}) or in units ({@code 90s}, {@code 1h30m}, {@code 2d},
 * {@code 500ms}).
 */
final class DurationText {

	static final String FORMATS = "ISO-8601 like PT90S or units like 90s, 1h30m, 2d";

	private static final Pattern UNIT = Pattern.compile("(\\d+)(ms|d|h|m|s)");

	private static final Pattern UNITS = Pattern.compile("(\\d+(ms|d|h|m|s))+");

	private DurationText() {
	}

	/** @return the duration, or {@code null} when {@code text} is in neither format */
	static @Nullable Duration parse(String text) {
		String value = text.trim();
		if (value.toUpperCase(Locale.ROOT).startsWith("P") || value.startsWith("-")) {
			try {
				return Duration.parse(value.toUpperCase(Locale.ROOT));
			}
			catch (DateTimeParseException ex) {
				return null;
			}
		}
		String compact = value.replace(" ", "").toLowerCase(Locale.ROOT);
		if (!UNITS.matcher(compact).matches()) {
			return null;
		}
		Duration duration = Duration.ZERO;
		Matcher matcher = UNIT.matcher(compact);
		try {
			while (matcher.find()) {
				long amount = Long.parseLong(matcher.group(1));
				duration = duration.plus(switch (matcher.group(2)) {
					case "d" -> Duration.ofDays(amount);
					case "h" -> Duration.ofHours(amount);
					case "m" -> Duration.ofMinutes(amount);
					case "s" -> Duration.ofSeconds(amount);
					default -> Duration.ofMillis(amount);
				});
			}
		}
		catch (NumberFormatException | ArithmeticException ex) {
			// More digits than a long holds, or more seconds than a Duration does: no duration anyone means.
			return null;
		}
		return duration;
	}

}
