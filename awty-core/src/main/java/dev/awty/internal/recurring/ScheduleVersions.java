package dev.awty.internal.recurring;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

import org.springframework.jdbc.core.simple.JdbcClient;

import dev.awty.recurring.MisfirePolicy;
import dev.awty.recurring.RecurringSchedule;
import dev.awty.recurring.ScheduleVersion;
import dev.awty.spi.SqlDialect;

/**
 * The versions of schedules. The current version is the {@code awty_schedule} row itself; {@code awty_schedule_version}
 * keeps the versions a change superseded, written in the transaction of the change. So creating schedules writes
 * nothing more than their rows ({@code createAll} stays as fast as it was), and a schedule of an earlier awty, or one
 * inserted by hand, lists at least its current version. The table's foreign key deletes the versions with their
 * schedule, whoever deletes it.
 */
final class ScheduleVersions {

	private static final String INSERT_SUPERSEDED = """
			INSERT INTO awty_schedule_version (schedule_id, version, expression, time_zone, payload, channel,
			       misfire_policy, deadline_millis, enabled, changed_at)
			VALUES (:id, :version, :expression, :timeZone, :payload, :channel, :misfirePolicy, :deadlineMillis, :enabled,
			       :changedAt)
			""";

	// One statement, so the current version and the superseded ones are read in one snapshot.
	private static final String SELECT_NEWEST_FIRST = """
			SELECT id AS schedule_id, version, expression, time_zone, payload, channel, misfire_policy, deadline_millis,
			       enabled, updated_at AS changed_at
			FROM awty_schedule WHERE id = :id
			UNION ALL
			SELECT schedule_id, version, expression, time_zone, payload, channel, misfire_policy, deadline_millis,
			       enabled, changed_at
			FROM awty_schedule_version WHERE schedule_id = :id
			ORDER BY version DESC
			""";

	private final SqlDialect dialect;

	private final JdbcClient jdbc;

	ScheduleVersions(SqlDialect dialect, JdbcClient jdbc) {
		this.dialect = dialect;
		this.jdbc = jdbc;
	}

	/**
	 * Keeps {@code superseded}, the schedule as read before a change; call in the transaction of the change, once
	 * its update, fenced by this version, succeeded: the row held exactly this definition until then.
	 */
	void keep(RecurringSchedule superseded) {
		this.jdbc.sql(INSERT_SUPERSEDED)
			.param("id", superseded.id())
			.param("version", superseded.version())
			.param("expression", superseded.expression())
			.param("timeZone", superseded.timeZone())
			.param("payload", superseded.payload(), Types.VARCHAR)
			.param("channel", superseded.channel(), Types.VARCHAR)
			.param("misfirePolicy", superseded.misfirePolicy().value())
			.param("deadlineMillis", (superseded.deadline() != null) ? superseded.deadline().toMillis() : null,
					Types.BIGINT)
			.param("enabled", superseded.enabled())
			.param("changedAt", this.dialect.timestampParameter(superseded.updatedAt()), Types.TIMESTAMP_WITH_TIMEZONE)
			.update();
	}

	/** The versions of schedule {@code id}, newest (its current one) first; empty when there is no such schedule. */
	List<ScheduleVersion> newestFirst(String id) {
		return this.jdbc.sql(SELECT_NEWEST_FIRST).param("id", id).query((rs, row) -> read(rs)).list();
	}

	private ScheduleVersion read(ResultSet rs) throws SQLException {
		long deadlineMillis = rs.getLong("deadline_millis");
		Duration deadline = rs.wasNull() ? null : Duration.ofMillis(deadlineMillis);
		Instant changedAt = Objects.requireNonNull(this.dialect.readTimestamp(rs, "changed_at"), "changed_at");
		return new ScheduleVersion(rs.getString("schedule_id"), rs.getLong("version"), rs.getString("expression"),
				rs.getString("time_zone"), rs.getString("payload"), rs.getString("channel"),
				MisfirePolicy.of(rs.getString("misfire_policy")), deadline, rs.getBoolean("enabled"), changedAt);
	}

}
