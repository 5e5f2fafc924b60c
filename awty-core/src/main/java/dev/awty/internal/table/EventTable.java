package dev.awty.internal.table;

import java.sql.Types;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;

import dev.awty.ScheduledEntity;
import dev.awty.internal.claim.EventClaims;
import dev.awty.internal.model.EntityMapper;
import dev.awty.internal.model.EventType;
import dev.awty.internal.model.PropertyColumn;
import dev.awty.internal.outcome.HeldRowWrites;
import dev.awty.internal.support.AwtyTransactions;
import dev.awty.internal.support.LastError;
import dev.awty.internal.tracing.RowTracing;
import dev.awty.spi.SqlDialect;

/**
 * The statements an application's calls run on one event type's table: insert, find, list. The delivery
 * side is {@link #claims()} and {@link #writes()}. Table and column names are validated identifiers, filled into the SQL once here;
 * every value is a bound parameter. Each method runs on the connection of the current Spring-managed
 * transaction when there is one.
 */
public final class EventTable<T extends ScheduledEntity> {

	private static final String INSERT = """
			INSERT INTO %s (%s due_at, status, attempts, version, created_at)
			VALUES (%s :dueAt, 'PENDING', 0, 1, CURRENT_TIMESTAMP)
			""";

	private static final String FIND_BY_ID = "SELECT * FROM %s WHERE id = :id";

	private static final String LIST_PENDING = """
			SELECT * FROM %s WHERE status = 'PENDING' ORDER BY due_at, id LIMIT :limit
			""";

	private static final int INSERT_BATCH = 1000;

	private final EventType<T> type;

	private final SqlDialect dialect;

	private final DataSource dataSource;

	private final JdbcClient jdbc;

	private final NamedParameterJdbcTemplate batchJdbc;

	private final AwtyTransactions transactions;

	private final EventClaims<T> claims;

	private final HeldRowWrites writes;

	private final RowTracing tracing;

	private final String insert;

	private final String findById;

	private final String listPending;

	public EventTable(EventType<T> type, SqlDialect dialect, DataSource dataSource) {
		this(type, dialect, dataSource, LastError.DEFAULT_LENGTH);
	}

	/**
	 * @param lastErrorLength the length of the table's {@code last_error} column, which recorded errors are cut to
	 */
	public EventTable(EventType<T> type, SqlDialect dialect, DataSource dataSource, int lastErrorLength) {
		this(type, dialect, dataSource, lastErrorLength, RowTracing.NONE);
	}

	/**
	 * @param lastErrorLength the length of the table's {@code last_error} column, which recorded errors are cut to
	 * @param tracing the tracing of a table that has the {@code trace_parent} column, when the application has a
	 * tracer; {@link RowTracing#NONE} otherwise, and the column is neither written nor read
	 */
	public EventTable(EventType<T> type, SqlDialect dialect, DataSource dataSource, int lastErrorLength,
			RowTracing tracing) {
		this.type = type;
		this.tracing = tracing;
		this.dialect = dialect;
		this.dataSource = dataSource;
		this.jdbc = JdbcClient.create(dataSource);
		this.batchJdbc = new NamedParameterJdbcTemplate(dataSource);
		this.transactions = AwtyTransactions.on(dataSource);
		this.claims = new EventClaims<>(type, dialect, this.jdbc, this.transactions, tracing != RowTracing.NONE);
		this.writes = new HeldRowWrites(type.table(), dialect, this.jdbc, this.batchJdbc, this.transactions,
				lastErrorLength);
		String table = type.table();
		StringBuilder columns = new StringBuilder();
		StringBuilder values = new StringBuilder();
		for (PropertyColumn property : type.ownColumns()) {
			columns.append(property.column()).append(", ");
			values.append(':').append(property.column()).append(", ");
		}
		if (tracing != RowTracing.NONE) {
			columns.append(EntityMapper.TRACE_PARENT).append(", ");
			values.append(":traceParent, ");
		}
		this.insert = dialect.withDatabaseNow(INSERT.formatted(table, columns, values));
		this.findById = FIND_BY_ID.formatted(table);
		this.listPending = LIST_PENDING.formatted(table);
	}

	public EventType<T> type() {
		return this.type;
	}

	/** The statements that claim this table's rows and give them back. */
	public EventClaims<T> claims() {
		return this.claims;
	}

	/** The statements that write what became of this table's published rows. */
	public HeldRowWrites writes() {
		return this.writes;
	}

	/** The transaction the application's writes run in: the caller's, else awty's own. */
	public AwtyTransactions transactions() {
		return this.transactions;
	}

	public JdbcClient jdbc() {
		return this.jdbc;
	}

	/** The table's data source, for its metadata. */
	public DataSource dataSource() {
		return this.dataSource;
	}

	public SqlDialect dialect() {
		return this.dialect;
	}

	/** The tracing of this table's rows; {@link RowTracing#NONE} when they keep no trace context. */
	public RowTracing tracing() {
		return this.tracing;
	}

	public long insert(T event, Instant dueAt) {
		KeyHolder keys = new GeneratedKeyHolder();
		this.jdbc.sql(this.insert).paramSource(insertParameters(event, dueAt, traceParent())).update(keys, "id");
		long id = keys.getKeyAs(Number.class).longValue();
		this.type.mapper().inserted(event, id, dueAt);
		return id;
	}

	/**
	 * Inserts the row unless a unique key refuses it.
	 * @return the new row id, or empty when a duplicate key stopped the insert
	 */
	public Optional<Long> insertUnlessDuplicate(T event, Instant dueAt) {
		try {
			KeyHolder keys = new GeneratedKeyHolder();
			int inserted = this.jdbc.sql(this.insert.strip() + this.dialect.insertIgnoringDuplicates())
				.paramSource(insertParameters(event, dueAt, traceParent()))
				.update(keys, "id");
			if (inserted == 1) {
				long id = keys.getKeyAs(Number.class).longValue();
				this.type.mapper().inserted(event, id, dueAt);
				return Optional.of(id);
			}
		}
		catch (DuplicateKeyException ex) {
			// the dialect reports duplicates as errors; the caller tries again
		}
		return Optional.empty();
	}

	/** Tells other instances that a row became due at {@code dueAt}, if the database can and this transaction commits. */
	public void notifyDue(Instant dueAt) {
		String statement = this.dialect.wakeUps().notifyDue();
		if (statement != null) {
			this.jdbc.sql(statement)
				.param("type", this.type.name())
				.param("dueAtMillis", String.valueOf(dueAt.toEpochMilli()))
				.query()
				.singleValue();
		}
	}

	public int insertAll(List<T> events, Instant dueAt) {
		int inserted = 0;
		String traceParent = traceParent();
		for (int from = 0; from < events.size(); from += INSERT_BATCH) {
			List<T> chunk = events.subList(from, Math.min(events.size(), from + INSERT_BATCH));
			SqlParameterSource[] batch = chunk.stream().map((event) -> insertParameters(event, dueAt, traceParent))
				.toArray(SqlParameterSource[]::new);
			this.batchJdbc.batchUpdate(this.insert, batch);
			inserted += chunk.size();
		}
		return inserted;
	}

	public Optional<T> find(long id) {
		return this.jdbc.sql(this.findById).param("id", id).query(this.type.mapper().rows()).optional();
	}

	public List<T> listPending(int limit) {
		return this.jdbc.sql(this.listPending).param("limit", limit).query(this.type.mapper().rows()).list();
	}

	private SqlParameterSource insertParameters(T event, Instant dueAt, @Nullable String traceParent) {
		Map<String, @Nullable Object> values = this.type.mapper().ownValues(event);
		MapSqlParameterSource parameters = new MapSqlParameterSource(values)
			.addValue("dueAt", this.dialect.timestampParameter(dueAt));
		return (this.tracing != RowTracing.NONE) ? parameters.addValue("traceParent", traceParent, Types.VARCHAR)
				: parameters;
	}

	/** The trace context the rows inserted now keep: the scheduling code's, one for every row of one call. */
	private @Nullable String traceParent() {
		return this.tracing.capture(this.type.name());
	}

}
