package dev.awty.recurring;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * What a caller sets on a schedule, for a create or a full update. Build one with
 * {@link #of(String, String)} and the {@code with…} methods; the service validates it.
 *
 * @param id the schedule's id, chosen by the caller (at most 200 characters)
 * @param expression a cron expression, {@code @every <duration>} or {@code @at <instant>}; see
 * {@link ScheduleExpression}
 * @param timeZone the time zone id cron expressions are evaluated in, e.g. {@code Europe/Berlin}
 * @param payload the text (often JSON) published as each occurrence's payload; {@code null} publishes an empty
 * text
 * @param channel the channel occurrences are published to; {@code null} for {@code awty.recurring.channel}
 * @param misfirePolicy what happens to missed occurrences
 * @param deadline occurrences later than this are dropped; {@code null} for none
 * @param enabled whether the schedule fires; a disabled schedule is paused
 */
public record ScheduleDefinition(String id, String expression, String timeZone, @Nullable String payload,
		@Nullable String channel, MisfirePolicy misfirePolicy, @Nullable Duration deadline, boolean enabled) {

	/** The time zone of a schedule that names none. */
	public static final String DEFAULT_TIME_ZONE = "UTC";

	/** A schedule {@code id} firing at {@code expression} in UTC, fire-once, enabled, without payload. */
	public static ScheduleDefinition of(String id, String expression) {
		return new ScheduleDefinition(id, expression, DEFAULT_TIME_ZONE, null, null, MisfirePolicy.FIRE_ONCE, null, true);
	}

	public ScheduleDefinition withExpression(String expression) {
		return new ScheduleDefinition(this.id, expression, this.timeZone, this.payload, this.channel,
				this.misfirePolicy, this.deadline, this.enabled);
	}

	public ScheduleDefinition withTimeZone(String timeZone) {
		return new ScheduleDefinition(this.id, this.expression, timeZone, this.payload, this.channel,
				this.misfirePolicy, this.deadline, this.enabled);
	}

	public ScheduleDefinition withPayload(@Nullable String payload) {
		return new ScheduleDefinition(this.id, this.expression, this.timeZone, payload, this.channel,
				this.misfirePolicy, this.deadline, this.enabled);
	}

	public ScheduleDefinition withChannel(@Nullable String channel) {
		return new ScheduleDefinition(this.id, this.expression, this.timeZone, this.payload, channel,
				this.misfirePolicy, this.deadline, this.enabled);
	}

	public ScheduleDefinition withMisfirePolicy(MisfirePolicy misfirePolicy) {
		return new ScheduleDefinition(this.id, this.expression, this.timeZone, this.payload, this.channel,
				misfirePolicy, this.deadline, this.enabled);
	}

	public ScheduleDefinition withDeadline(@Nullable Duration deadline) {
		return new ScheduleDefinition(this.id, this.expression, this.timeZone, this.payload, this.channel,
				this.misfirePolicy, deadline, this.enabled);
	}

	/**
	 * Sets the deadline from text in ISO-8601 ({@code PT1M}) or units ({@code 1m}, {@code 90s}).
	 * @throws InvalidScheduleException naming the field {@code deadline} when the text is neither
	 */
	public ScheduleDefinition withDeadline(String deadline) {
		Duration parsed = DurationText.parse(deadline);
		if (parsed == null) {
			throw new InvalidScheduleException("deadline",
					"Invalid deadline '" + deadline + "'; use " + DurationText.FORMATS);
		}
		return withDeadline(parsed);
	}

	public ScheduleDefinition withEnabled(boolean enabled) {
		return new ScheduleDefinition(this.id, this.expression, this.timeZone, this.payload, this.channel,
				this.misfirePolicy, this.deadline, enabled);
	}

}
