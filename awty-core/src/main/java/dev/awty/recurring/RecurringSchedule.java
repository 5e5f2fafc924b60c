package dev.awty.recurring;

import java.time.Duration;
import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * A stored recurring schedule.
 *
 * @param channel the channel set on the schedule; {@code null} when it publishes to the default one
 * @param version starts at 1 and grows with every change; each occurrence carries the version it was computed
 * from
 * @param nextFireAt the next occurrence; {@code null} once the schedule has completed (an {@code @at} that fired,
 * or a cron expression without further matches)
 * @param lastFiredAt the last occurrence published; {@code null} before the first
 * @param attempts failed publish attempts of the next occurrence so far
 * @param lastError why the last attempt failed; {@code null} after a success
 */
public record RecurringSchedule(String id, String expression, String timeZone, @Nullable String payload,
		@Nullable String channel, MisfirePolicy misfirePolicy, @Nullable Duration deadline, boolean enabled,
		long version, @Nullable Instant nextFireAt, @Nullable Instant lastFiredAt, int attempts,
		@Nullable String lastError, Instant createdAt, Instant updatedAt) {

	/** Whether the schedule will not fire again unless updated. */
	public boolean completed() {
		return this.nextFireAt == null;
	}

	/** The definition of this schedule, to change with the {@code with…} methods and pass to an update. */
	public ScheduleDefinition definition() {
		return new ScheduleDefinition(this.id, this.expression, this.timeZone, this.payload, this.channel,
				this.misfirePolicy, this.deadline, this.enabled);
	}

}
