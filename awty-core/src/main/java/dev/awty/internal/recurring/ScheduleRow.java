package dev.awty.internal.recurring;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;

import org.jspecify.annotations.Nullable;

import dev.awty.recurring.MisfirePolicy;
import dev.awty.recurring.RecurringSchedule;
import dev.awty.spi.SqlDialect;

/**
 * One row of {@code awty_schedule} as read, with what delivery needs besides the public view.
 */
public record ScheduleRow(RecurringSchedule schedule, @Nullable String claimedBy) {

	public static ScheduleRow read(ResultSet rs, SqlDialect dialect) throws SQLException {
		long deadlineMillis = rs.getLong("deadline_millis");
		Duration deadline = rs.wasNull() ? null : Duration.ofMillis(deadlineMillis);
		RecurringSchedule schedule = new RecurringSchedule(rs.getString("id"), rs.getString("expression"),
				rs.getString("time_zone"), rs.getString("payload"), rs.getString("channel"),
				MisfirePolicy.of(rs.getString("misfire_policy")), deadline, rs.getBoolean("enabled"), rs.getLong("version"),
				dialect.readTimestamp(rs, "next_fire_at"), dialect.readTimestamp(rs, "last_fired_at"), rs.getInt("attempts"),
				rs.getString("last_error"), required(dialect.readTimestamp(rs, "created_at")),
				required(dialect.readTimestamp(rs, "updated_at")));
		return new ScheduleRow(schedule, rs.getString("claimed_by"));
	}

	private static Instant required(@Nullable Instant instant) {
		return (instant != null) ? instant : Instant.EPOCH;
	}

	public String id() {
		return this.schedule.id();
	}

	long version() {
		return this.schedule.version();
	}

}
