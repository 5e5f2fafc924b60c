package dev.awty.internal.history;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.StatementCreatorUtils;

import dev.awty.spi.SqlDialect;

/**
 * Appends entries to {@code awty_delivery_log} on the connection of the current transaction, so that they commit or
 * roll back with the status change they record. Entries go in multi-row inserts of a few fixed sizes: a batch of
 * single-row inserts cost the database one statement execution per delivered row (an eighth of awty's statement time
 * in the benchmark's drain), and fixed sizes keep the statements few enough for the driver's statement cache.
 */
public final class DeliveryLogWriter {

	/** The starter-owned history table, created by awty's changelog. */
	public static final String TABLE = "awty_delivery_log";

	private static final String INSERT_INTO = """
			INSERT INTO awty_delivery_log (event_type, row_id, schedule_id, schedule_version, event_id, due_at,
			                               finished_at, attempts, check_count, outcome, error, duration_ms, instance_id)
			VALUES
			""";

	private static final String ENTRY = "(?, ?, ?, ?, ?, ?, CURRENT_TIMESTAMP, ?, ?, ?, ?, ?, ?)";

	/** The rows per statement, largest first: 100 entries are 4 statements (64, 16, 16, 4). */
	private static final int[] SIZES = { 64, 16, 4, 1 };

	private final JdbcTemplate jdbc;

	private final SqlDialect dialect;

	private final Map<Integer, String> inserts = new HashMap<>();

	public DeliveryLogWriter(DataSource dataSource, SqlDialect dialect) {
		this.jdbc = new JdbcTemplate(dataSource);
		this.dialect = dialect;
		for (int size : SIZES) {
			this.inserts.put(size,
					dialect.withDatabaseNow(INSERT_INTO + String.join(",\n", Collections.nCopies(size, ENTRY))));
		}
	}

	public void write(List<LogEntry> entries) {
		int from = 0;
		for (int size : SIZES) {
			while (entries.size() - from >= size) {
				insert(entries.subList(from, from + size));
				from += size;
			}
		}
	}

	private void insert(List<LogEntry> entries) {
		this.jdbc.update(this.inserts.get(entries.size()), (statement) -> {
			int index = 1;
			for (LogEntry entry : entries) {
				index = bind(statement, index, entry);
			}
		});
	}

	/** Binds one entry's values from {@code index} on; typed, so that a NULL needs no look-up of parameter types. */
	private int bind(PreparedStatement statement, int index, LogEntry entry) throws SQLException {
		int next = index;
		statement.setString(next++, entry.type());
		StatementCreatorUtils.setParameterValue(statement, next++, Types.BIGINT, entry.rowId());
		StatementCreatorUtils.setParameterValue(statement, next++, Types.VARCHAR, entry.scheduleId());
		StatementCreatorUtils.setParameterValue(statement, next++, Types.BIGINT, entry.scheduleVersion());
		statement.setString(next++, entry.eventId());
		StatementCreatorUtils.setParameterValue(statement, next++, Types.TIMESTAMP_WITH_TIMEZONE,
				(entry.dueAt() != null) ? this.dialect.timestampParameter(entry.dueAt()) : null);
		statement.setInt(next++, entry.attempts());
		statement.setInt(next++, entry.checkCount());
		statement.setString(next++, entry.outcome().name());
		StatementCreatorUtils.setParameterValue(statement, next++, Types.VARCHAR, entry.error());
		statement.setLong(next++, entry.durationMillis());
		statement.setString(next++, entry.instanceId());
		return next;
	}

}
