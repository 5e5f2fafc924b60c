package dev.awty.internal.history;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntFunction;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.StatementCreatorUtils;

import dev.awty.spi.SqlDialect;

/**
 * Appends entries to {@code awty_delivery_log} on the connection of the current transaction, so that they commit or
 * roll back with the status change they record. Entries go in multi-row inserts of a few fixed sizes: a batch of
 * single-row inserts cost the database one statement execution per delivered row (an eighth of awty's statement time
 * in the benchmark's drain), and fixed sizes keep the statements few enough for the driver's statement cache. Where
 * the dialect has an insert from arrays (PostgreSQL), a write is that one statement, whatever its number of entries.
 */
public final class DeliveryLogWriter {

	/** The starter-owned history table, created by awty's changelog. */
	public static final String TABLE = "awty_delivery_log";

	private static final String INSERT_INTO = """
			INSERT INTO awty_delivery_log (event_type, row_id, schedule_id, schedule_version, event_id, due_at,
			                               finished_at, attempts, check_count, outcome, error, duration_ms, instance_id)
			""";

	private static final String ENTRY = "(?, ?, ?, ?, ?, ?, CURRENT_TIMESTAMP, ?, ?, ?, ?, ?, ?)";

	/** The rows per statement, largest first: 100 entries are 4 statements (64, 16, 16, 4). */
	private static final int[] SIZES = { 64, 16, 4, 1 };

	/** The arrays of {@link SqlDialect#historyEntriesFromArrays()}, in its order. */
	private static final List<ArrayColumn<?>> ARRAY_COLUMNS = List.of(
			new ArrayColumn<>("text", LogEntry::type, String[]::new),
			new ArrayColumn<>("int8", LogEntry::rowId, Long[]::new),
			new ArrayColumn<>("text", LogEntry::scheduleId, String[]::new),
			new ArrayColumn<>("int8", LogEntry::scheduleVersion, Long[]::new),
			new ArrayColumn<>("text", LogEntry::eventId, String[]::new),
			// microseconds, the database's precision: formatting each instant as text was a twentieth of a worker's time
			new ArrayColumn<>("int8", (entry) -> (entry.dueAt() != null) ? epochMicros(entry.dueAt()) : null,
					Long[]::new),
			new ArrayColumn<>("int4", LogEntry::attempts, Integer[]::new),
			new ArrayColumn<>("int4", LogEntry::checkCount, Integer[]::new),
			new ArrayColumn<>("text", (entry) -> entry.outcome().name(), String[]::new),
			new ArrayColumn<>("text", LogEntry::error, String[]::new),
			new ArrayColumn<>("int8", LogEntry::durationMillis, Long[]::new),
			new ArrayColumn<>("text", LogEntry::instanceId, String[]::new));

	private final JdbcTemplate jdbc;

	private final SqlDialect dialect;

	private final Map<Integer, String> inserts = new HashMap<>();

	/** The dialect's insert from one array per column, where it has one: a single statement per write. */
	private final @Nullable String insertFromArrays;

	public DeliveryLogWriter(DataSource dataSource, SqlDialect dialect) {
		this.jdbc = new JdbcTemplate(dataSource);
		this.dialect = dialect;
		String fromArrays = dialect.historyEntriesFromArrays();
		this.insertFromArrays = (fromArrays != null) ? dialect.withDatabaseNow(INSERT_INTO + fromArrays) : null;
		for (int size : SIZES) {
			this.inserts.put(size, dialect
				.withDatabaseNow(INSERT_INTO + "VALUES\n" + String.join(",\n", Collections.nCopies(size, ENTRY))));
		}
	}

	public void write(List<LogEntry> entries) {
		if (this.insertFromArrays != null && !entries.isEmpty()) {
			insertFromArrays(this.insertFromArrays, entries);
			return;
		}
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

	private void insertFromArrays(String insert, List<LogEntry> entries) {
		this.jdbc.update(insert, (statement) -> {
			Connection connection = statement.getConnection();
			for (int i = 0; i < ARRAY_COLUMNS.size(); i++) {
				ArrayColumn<?> column = ARRAY_COLUMNS.get(i);
				statement.setArray(i + 1, connection.createArrayOf(column.elementType(), column.of(entries)));
			}
		});
	}

	private static long epochMicros(Instant instant) {
		return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1_000);
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

	/** One column of the entries as a typed array, for the driver to send as the database's {@code elementType}. */
	private record ArrayColumn<V>(String elementType, Function<LogEntry, @Nullable V> value, IntFunction<V[]> array) {

		V[] of(List<LogEntry> entries) {
			V[] values = this.array.apply(entries.size());
			for (int i = 0; i < values.length; i++) {
				values[i] = this.value.apply(entries.get(i));
			}
			return values;
		}

	}

}
