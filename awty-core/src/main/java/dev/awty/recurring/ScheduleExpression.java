package dev.awty.recurring;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Locale;

import org.jspecify.annotations.Nullable;

import org.springframework.scheduling.support.CronExpression;

/**
 * A parsed schedule expression, one of:
 * <ul>
 * <li>a cron expression, parsed by Spring's {@link CronExpression}: the 5-field crontab form
 * ({@code minute hour day-of-month month day-of-week}), Spring's 6-field form with seconds first, or a macro
 * ({@code @hourly @daily @weekly @monthly @yearly});</li>
 * <li>{@code @every <duration>}, the duration in ISO-8601 ({@code PT90S}) or in units ({@code 90s},
 * {@code 1h30m}, {@code 2d}); at least one second. The first occurrence is one period after creation, each next
 * one a period after the previous occurrence;</li>
 * <li>{@code @at <instant>}, an ISO-8601 instant or offset date-time, or epoch seconds: one occurrence, after
 * which the schedule completes. An instant in the past fires once, immediately.</li>
 * </ul>
 */
public final class ScheduleExpression {

	/** The longest expression, the length of the {@code awty_schedule.expression} column. */
	public static final int MAX_LENGTH = 500;

	/** The longest {@code @every} period: a century, so that occurrences stay within the databases' range. */
	static final Duration MAX_PERIOD = Duration.ofDays(36_500);

	/** The three kinds of expression. */
	public enum Kind {

		CRON, EVERY, AT

	}

	private final String text;

	private final Kind kind;

	private final @Nullable CronExpression cron;

	private final @Nullable Duration period;

	private final @Nullable Instant at;

	private ScheduleExpression(String text, Kind kind, @Nullable CronExpression cron, @Nullable Duration period,
			@Nullable Instant at) {
		this.text = text;
		this.kind = kind;
		this.cron = cron;
		this.period = period;
		this.at = at;
	}

	/**
	 * Parses {@code text}.
	 * @throws InvalidScheduleException naming the field {@code expression}, and for cron the bad cron field and
	 * its value
	 */
	public static ScheduleExpression parse(String text) {
		String trimmed = (text != null) ? text.trim() : "";
		if (trimmed.isEmpty()) {
			throw invalid("An expression is required: a cron expression, @every <duration> or @at <instant>");
		}
		if (trimmed.length() > MAX_LENGTH) {
			throw invalid("The expression is " + trimmed.length() + " characters; at most " + MAX_LENGTH);
		}
		String lower = trimmed.toLowerCase(Locale.ROOT);
		if (lower.startsWith("@every")) {
			Duration period = EveryAndAtText.period(trimmed.substring(6).trim(), trimmed);
			return new ScheduleExpression(trimmed, Kind.EVERY, null, period, null);
		}
		if (lower.startsWith("@at")) {
			Instant at = EveryAndAtText.instant(trimmed.substring(3).trim(), trimmed);
			return new ScheduleExpression(trimmed, Kind.AT, null, null, at);
		}
		return new ScheduleExpression(trimmed, Kind.CRON, CronText.parse(trimmed), null, null);
	}

	public String text() {
		return this.text;
	}

	public Kind kind() {
		return this.kind;
	}

	/** The period of an {@code @every} expression; {@code null} for other kinds. */
	public @Nullable Duration period() {
		return this.period;
	}

	/**
	 * The first occurrence of a schedule created at {@code now}: the next cron match after it, one period after
	 * it, or the {@code @at} instant (even when that is in the past).
	 * @return {@code null} when a cron expression never matches
	 */
	public @Nullable Instant first(Instant now, ZoneId zone) {
		return switch (this.kind) {
			case AT -> this.at;
			case EVERY -> now.plus(requiredPeriod());
			case CRON -> next(now, zone);
		};
	}

	/**
	 * The occurrence after {@code occurrence}, in {@code zone}: as {@link CronExpression#next} defines it on a
	 * {@link java.time.ZonedDateTime} for cron (which is how daylight-saving transitions are handled), one
	 * period later for {@code @every}.
	 * @return {@code null} when there is none ({@code @at}, or a cron expression with no later match)
	 */
	public @Nullable Instant next(Instant occurrence, ZoneId zone) {
		return switch (this.kind) {
			case AT -> (this.at != null && this.at.isAfter(occurrence)) ? this.at : null;
			case EVERY -> occurrence.plus(requiredPeriod());
			case CRON -> {
				var next = cronExpression().next(occurrence.atZone(zone));
				yield (next != null) ? next.toInstant() : null;
			}
		};
	}

	private Duration requiredPeriod() {
		if (this.period == null) {
			throw new IllegalStateException("not an @every expression: " + this.text);
		}
		return this.period;
	}

	private CronExpression cronExpression() {
		if (this.cron == null) {
			throw new IllegalStateException("not a cron expression: " + this.text);
		}
		return this.cron;
	}

	/** An error in the field {@code expression}, for the parsers of each kind. */
	static InvalidScheduleException invalid(String message) {
		return new InvalidScheduleException("expression", message);
	}

	@Override
	public boolean equals(@Nullable Object other) {
		return (other instanceof ScheduleExpression expression) && this.text.equals(expression.text);
	}

	@Override
	public int hashCode() {
		return this.text.hashCode();
	}

	@Override
	public String toString() {
		return this.text;
	}

}
