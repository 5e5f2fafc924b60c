package dev.awty.internal.recurring;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

import org.springframework.jdbc.core.simple.JdbcClient;

import dev.awty.recurring.MisfirePolicy;
import dev.awty.recurring.ScheduleVersion;
import dev.awty.spi.SqlDialect;

/**
 * The statements of {@code awty_schedule_version}: the current definition of schedules is copied from their
 * {@code awty_schedule} row in the transaction that wrote it, so a version holds exactly what was stored, changed at
 * the row's {@code updated_at}. Versions are deleted by the foreign key's cascade when their schedule is.
 */
final class ScheduleVersions {

	static final String TABLE = "awty_schedule_version";

	/** Ids per copy: one statement per 500 schedules created, as for their insert. */
	private static final int IDS_PER_COPY = 500;

	private static final String COPY_CURRENT = """
			INSERT INTO awty_schedule_version (schedule_id, version, expression, time_zone, payload, channel,
			       misfire_policy, deadline_millis, enabled, changed_at)
			SELECT id, version, expression, time_zone, payload, channel, misfire_policy, deadline_millis, enabled,
			       updated_at
			FROM awty_schedule WHERE id IN (:ids)
			""";

	private static final String SELECT_NEWEST_FIRST = """
			SELECT * FROM awty_schedule_version WHERE schedule_id = :id ORDER BY version DESC
			""";

	private final SqlDialect dialect;

	private final JdbcClient jdbc;

	ScheduleVersions(SqlDialect dialect, JdbcClient jdbc) {
		this.dialect = dialect;
		this.jdbc = jdbc;
	}

	/** Records the current version of the schedules {@code ids}; call in the transaction that created or changed them. */
	void recordCurrent(List<String> ids) {
		for (int from = 0; from < ids.size(); from += IDS_PER_COPY) {
			this.jdbc.sql(COPY_CURRENT).param("ids", ids.subList(from, Math.min(ids.size(), from + IDS_PER_COPY))).update();
		}
	}

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
