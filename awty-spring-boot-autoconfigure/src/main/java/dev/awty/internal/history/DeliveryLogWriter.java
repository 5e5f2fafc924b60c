package dev.awty.internal.history;

import java.sql.Types;
import java.util.List;

import javax.sql.DataSource;

import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;

import dev.awty.spi.SqlDialect;

/**
 * Appends entries to {@code awty_delivery_log} with one batched statement, on the connection of the current
 * transaction, so that they commit or roll back with the status change they record.
 */
public final class DeliveryLogWriter {

	/** The starter-owned history table, created by awty's changelog. */
	public static final String TABLE = "awty_delivery_log";

	private static final String INSERT_ENTRY = """
			INSERT INTO awty_delivery_log (event_type, row_id, schedule_id, schedule_version, event_id, due_at,
			                               finished_at, attempts, check_count, outcome, error, duration_ms, instance_id)
			VALUES (:type, :rowId, :scheduleId, :scheduleVersion, :eventId, :dueAt,
			        CURRENT_TIMESTAMP, :attempts, :checkCount, :outcome, :error, :durationMillis, :instanceId)
			""";

	private final NamedParameterJdbcTemplate jdbc;

	private final SqlDialect dialect;

	private final String insertEntry;

	public DeliveryLogWriter(DataSource dataSource, SqlDialect dialect) {
		this.jdbc = new NamedParameterJdbcTemplate(dataSource);
		this.dialect = dialect;
		this.insertEntry = dialect.withDatabaseNow(INSERT_ENTRY);
	}

	public void write(List<LogEntry> entries) {
		if (entries.isEmpty()) {
			return;
		}
		SqlParameterSource[] batch = entries.stream()
			.map((entry) -> new MapSqlParameterSource().addValue("type", entry.type())
				// Typed, so that a NULL is bound without asking the driver for the statement's parameter types.
				.addValue("rowId", entry.rowId(), Types.BIGINT)
				.addValue("scheduleId", entry.scheduleId(), Types.VARCHAR)
				.addValue("scheduleVersion", entry.scheduleVersion(), Types.BIGINT)
				.addValue("eventId", entry.eventId())
				.addValue("dueAt", (entry.dueAt() != null) ? this.dialect.timestampParameter(entry.dueAt()) : null,
						Types.TIMESTAMP_WITH_TIMEZONE)
				.addValue("attempts", entry.attempts())
				.addValue("checkCount", entry.checkCount())
				.addValue("outcome", entry.outcome().name())
				.addValue("error", entry.error())
				.addValue("durationMillis", entry.durationMillis())
				.addValue("instanceId", entry.instanceId()))
			.toArray(SqlParameterSource[]::new);
		this.jdbc.batchUpdate(this.insertEntry, batch);
	}

}
