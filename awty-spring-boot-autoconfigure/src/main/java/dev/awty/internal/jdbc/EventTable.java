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

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;

import dev.awty.AwtyException;
import dev.awty.ScheduleResult;
import dev.awty.ScheduleResult.Outcome;
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

	private static final String MOVE_PENDING_BY_KEY = """
			UPDATE %s SET due_at = :dueAt, version = version + 1, claimed_by = NULL
			WHERE %s = :key AND status = 'PENDING' AND (claimed_until IS NULL OR claimed_until < CURRENT_TIMESTAMP)
			""";

	private static final String PENDING_BY_KEY = """
			SELECT id, CASE WHEN claimed_until >= CURRENT_TIMESTAMP THEN 1 ELSE 0 END AS in_flight
			FROM %s WHERE %s = :key AND status = 'PENDING' ORDER BY id DESC
			""";

	private static final int INSERT_BATCH = 1000;

	private static final int UPSERT_ATTEMPTS = 5;

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

	/** See {@link dev.awty.EventScheduler#scheduleOrMove}. */
	public ScheduleResult scheduleOrMove(T event, Instant dueAt, PropertyColumn key) {
		Object value = this.type.mapper().ownValues(event).get(key.column());
		String table = this.type.table();
		for (int attempt = 1; attempt <= UPSERT_ATTEMPTS; attempt++) {
			int moved = this.jdbc.sql(MOVE_PENDING_BY_KEY.formatted(table, key.column()))
				.param("dueAt", this.dialect.timestampParameter(dueAt))
				.param("key", value)
				.update();
			Optional<long[]> pending = this.jdbc.sql(PENDING_BY_KEY.formatted(table, key.column()))
				.param("key", value)
				.query((rs, row) -> new long[] { rs.getLong("id"), rs.getInt("in_flight") })
				.optional();
			if (pending.isPresent() && (moved > 0 || pending.get()[1] == 1)) {
				return new ScheduleResult((moved > 0) ? Outcome.MOVED : Outcome.IN_FLIGHT, pending.get()[0]);
			}
			if (pending.isPresent()) {
				continue;
			}
			try {
				KeyHolder keys = new GeneratedKeyHolder();
				int inserted = this.jdbc.sql(this.insert.strip() + this.dialect.insertIgnoringDuplicates())
					.paramSource(insertParameters(event, dueAt))
					.update(keys, "id");
				if (inserted == 1) {
					long id = keys.getKeyAs(Number.class).longValue();
					this.type.mapper().inserted(event, id, dueAt);
					return new ScheduleResult(Outcome.SCHEDULED, id);
				}
			}
			catch (DuplicateKeyException ex) {
				// another caller inserted the pending row for this key first: move theirs on the next turn
			}
		}
		throw new AwtyException("Could not schedule or move the row of event type '" + this.type.name() + "' with "
				+ key.column() + " = " + value + ": it kept changing under concurrent calls");
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
