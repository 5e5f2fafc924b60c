package dev.awty.recurring;

import java.time.Duration;
import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * One version of a schedule's definition, as {@link RecurringSchedules#versions(String)} lists them: what the
 * schedule was from {@code changedAt} until the next version. Each occurrence carries the version it was computed from
 * in {@link RecurringHeaders#SCHEDULE_VERSION}, and its history entry in
 * {@link dev.awty.history.DeliveryRecord#scheduleVersion()}.
 *
 * @param version 1 when created, one more with every update, pause and resume
 * @param channel the channel set on the schedule; {@code null} when it published to the default one
 * @param changedAt when the schedule became this version, by the database's clock
 */
public record ScheduleVersion(String scheduleId, long version, String expression, String timeZone,
		@Nullable String payload, @Nullable String channel, MisfirePolicy misfirePolicy, @Nullable Duration deadline,
		boolean enabled, Instant changedAt) {

	/** The definition of this version, e.g. to restore it with {@link RecurringSchedules#update}. */
	public ScheduleDefinition definition() {
		return new ScheduleDefinition(this.scheduleId, this.expression, this.timeZone, this.payload, this.channel,
				this.misfirePolicy, this.deadline, this.enabled);
	}

}
