package dev.awty.internal.jdbc;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;

import dev.awty.ScheduledEntity;
import dev.awty.internal.model.EventType;
import dev.awty.internal.model.PropertyColumn;
import dev.awty.spi.SqlDialect;

/**
 * The statements of one event type's table. Table and column names are validated identifiers, filled into
 * the SQL once here; every value is a bound parameter. Each method runs on the connection of the current
 * Spring-managed transaction when there is one.
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

	private static final String MARK_DELIVERED = """
			UPDATE %s SET status = 'DELIVERED', delivered_at = CURRENT_TIMESTAMP, attempts = attempts + 1,
			       claimed_until = NULL
			WHERE id IN (:ids) AND claimed_by = :claimer AND status = 'PENDING'
			""";

	private static final String DELETE_DELIVERED = """
			DELETE FROM %s WHERE id IN (:ids) AND claimed_by = :claimer AND status = 'PENDING'
			""";

	private static final String RELEASE = """
			UPDATE %s SET claimed_by = NULL, claimed_until = NULL WHERE id IN (:ids) AND claimed_by = :claimer
			""";

	private static final int INSERT_BATCH = 1000;

	private static final Comparator<ScheduledEntity> DUE_ORDER = Comparator
		.comparing(ScheduledEntity::getDueAt, Comparator.nullsFirst(Comparator.naturalOrder()))
		.thenComparing(ScheduledEntity::getId, Comparator.nullsFirst(Comparator.naturalOrder()));

	private final EventType<T> type;

	private final SqlDialect dialect;

	private final JdbcClient jdbc;

	private final NamedParameterJdbcTemplate batchJdbc;

	private final String insert;

	private final String findById;

	private final String listPending;

	private final String markDelivered;

	private final String deleteDelivered;

	private final String release;

	private final String claimDueRows;

	private final String claimDueRowsByPriority;

	private final String recordFailedAttempt;

	public EventTable(EventType<T> type, SqlDialect dialect, DataSource dataSource) {
		this.type = type;
		this.dialect = dialect;
		this.jdbc = JdbcClient.create(dataSource);
		this.batchJdbc = new NamedParameterJdbcTemplate(dataSource);
		String table = type.table();
		StringBuilder columns = new StringBuilder();
		StringBuilder values = new StringBuilder();
		for (PropertyColumn property : type.ownColumns()) {
			columns.append(property.column()).append(", ");
			values.append(':').append(property.column()).append(", ");
		}
		this.insert = INSERT.formatted(table, columns, values);
		this.findById = FIND_BY_ID.formatted(table);
		this.listPending = LIST_PENDING.formatted(table);
		this.markDelivered = MARK_DELIVERED.formatted(table);
		this.deleteDelivered = DELETE_DELIVERED.formatted(table);
		this.release = RELEASE.formatted(table);
		this.claimDueRows = dialect.claimDueRows().formatted(table);
		this.claimDueRowsByPriority = dialect.claimDueRowsByPriority().formatted(table);
		this.recordFailedAttempt = dialect.recordFailedAttempt().formatted(table);
	}

	public EventType<T> type() {
		return this.type;
	}

	JdbcClient jdbc() {
		return this.jdbc;
	}

	SqlDialect dialect() {
		return this.dialect;
	}

	/** Whether concurrent claims of this table skip each other's rows; see {@link SqlDialect#skipsLockedRows()}. */
	public boolean claimsSkipLockedRows() {
		return this.dialect.skipsLockedRows();
	}

	public long insert(T event, Instant dueAt) {
		KeyHolder keys = new GeneratedKeyHolder();
		this.jdbc.sql(this.insert).paramSource(insertParameters(event, dueAt)).update(keys, "id");
		long id = keys.getKeyAs(Number.class).longValue();
		this.type.mapper().inserted(event, id, dueAt);
		return id;
	}

	/** Tells other instances that a row became due at {@code dueAt}, if the database can and this transaction commits. */
	public void notifyDue(Instant dueAt) {
		String statement = this.dialect.notifyDue();
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
		for (int from = 0; from < events.size(); from += INSERT_BATCH) {
			List<T> chunk = events.subList(from, Math.min(events.size(), from + INSERT_BATCH));
			SqlParameterSource[] batch = chunk.stream().map((event) -> insertParameters(event, dueAt))
				.toArray(SqlParameterSource[]::new);
			this.batchJdbc.batchUpdate(this.insert, batch);
			inserted += chunk.size();
		}
		return inserted;
	}

	public Optional<T> find(long id) {
		return this.jdbc.sql(this.findById).param("id", id).query((rs, row) -> this.type.mapper().read(rs)).optional();
	}

	public List<T> listPending(int limit) {
		return this.jdbc.sql(this.listPending).param("limit", limit).query((rs, row) -> this.type.mapper().read(rs)).list();
	}

	/**
	 * Claims up to {@code limit} due rows for {@code claimer} for {@code lease}.
	 * @return the claimed rows, earliest due first; empty when nothing is due
	 */
	public List<T> claimDue(String claimer, int limit, Duration lease, boolean byPriority) {
		String statement = byPriority ? this.claimDueRowsByPriority : this.claimDueRows;
		List<T> rows = new ArrayList<>(this.jdbc.sql(statement)
			.param("claimer", claimer)
			.param("leaseMillis", lease.toMillis())
			.param("limit", limit)
			.query((rs, row) -> this.type.mapper().read(rs))
			.list());
		if (!byPriority) {
			rows.sort(DUE_ORDER);
		}
		return rows;
	}

	/**
	 * Marks rows delivered that {@code claimer} still holds.
	 * @return how many were marked; fewer than {@code ids} means others were re-claimed meanwhile
	 */
	public int markDelivered(Collection<Long> ids, String claimer) {
		if (ids.isEmpty()) {
			return 0;
		}
		return this.jdbc.sql(this.markDelivered).param("ids", ids).param("claimer", claimer).update();
	}

	/**
	 * Deletes published rows that {@code claimer} still holds.
	 * @return how many were deleted; fewer than {@code ids} means others were re-claimed meanwhile
	 */
	public int deleteDelivered(Collection<Long> ids, String claimer) {
		if (ids.isEmpty()) {
			return 0;
		}
		return this.jdbc.sql(this.deleteDelivered).param("ids", ids).param("claimer", claimer).update();
	}

	/** Gives rows still held by {@code claimer} back, unpublished. */
	public void release(Collection<Long> ids, String claimer) {
		if (!ids.isEmpty()) {
			this.jdbc.sql(this.release).param("ids", ids).param("claimer", claimer).update();
		}
	}

	public void recordFailures(List<FailedAttempt> failures, String claimer, int maxAttempts) {
		SqlParameterSource[] batch = failures.stream()
			.map((failure) -> new MapSqlParameterSource().addValue("id", failure.id())
				.addValue("claimer", claimer)
				.addValue("error", failure.error())
				.addValue("backoffMillis", failure.backoffMillis())
				.addValue("maxAttempts", maxAttempts))
			.toArray(SqlParameterSource[]::new);
		this.batchJdbc.batchUpdate(this.recordFailedAttempt, batch);
	}

	private SqlParameterSource insertParameters(T event, Instant dueAt) {
		Map<String, @Nullable Object> values = this.type.mapper().ownValues(event);
		return new MapSqlParameterSource(values).addValue("dueAt", this.dialect.timestampParameter(dueAt));
	}

}
