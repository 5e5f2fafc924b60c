package dev.awty.internal.jdbc;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import javax.sql.DataSource;

import org.springframework.jdbc.core.simple.JdbcClient;

import dev.awty.spi.SqlDialect;

/**
 * Deletes old history entries and old finished rows in bounded batches: each batch selects at most
 * {@code limit} ids and deletes them by id in its own short transaction, so no statement holds many locks
 * for long. The selects are portable (no {@code DELETE … LIMIT}, which PostgreSQL lacks) and read through
 * the index on {@code (event_type, finished_at)} for history.
 */
public final class RetentionDeletes {

	private static final String DATABASE_NOW = "SELECT CURRENT_TIMESTAMP AS now_at";

	private static final String OLD_HISTORY = """
			SELECT id FROM awty_delivery_log WHERE event_type = :type AND finished_at < :cutoff LIMIT :limit
			""";

	private static final String DELETE_HISTORY = "DELETE FROM awty_delivery_log WHERE id IN (:ids)";

	private static final String OLD_FINISHED_ROWS = """
			SELECT id FROM %s WHERE status IN ('DELIVERED', 'CANCELLED') AND COALESCE(delivered_at, due_at) < :cutoff
			LIMIT :limit
			""";

	private static final String DELETE_FINISHED_ROWS = """
			DELETE FROM %s WHERE id IN (:ids) AND status IN ('DELIVERED', 'CANCELLED')
			""";

	// An @at schedule that fired has no next occurrence; one that was changed or fired recently stays a while.
	private static final String OLD_COMPLETED_SCHEDULES = """
			SELECT id FROM awty_schedule WHERE next_fire_at IS NULL AND LOWER(expression) LIKE '@at%'
			AND updated_at < :cutoff AND (last_fired_at IS NULL OR last_fired_at < :cutoff) LIMIT :limit
			""";

	private static final String DELETE_COMPLETED_SCHEDULES = """
			DELETE FROM awty_schedule WHERE id IN (:ids) AND next_fire_at IS NULL
			""";

	/** What one run deleted, and in how many delete statements. */
	public record Deleted(long rows, int statements) {

		public static final Deleted NONE = new Deleted(0, 0);

		public Deleted plus(Deleted other) {
			return new Deleted(this.rows + other.rows, this.statements + other.statements);
		}

	}

	private final JdbcClient jdbc;

	private final SqlDialect dialect;

	private final int limit;

	private final AwtyTransactions transactions;

	public RetentionDeletes(DataSource dataSource, SqlDialect dialect, int limit) {
		this.jdbc = JdbcClient.create(dataSource);
		this.transactions = AwtyTransactions.on(dataSource);
		this.dialect = dialect;
		this.limit = limit;
	}

	/** The database's clock, which every cutoff is computed from. */
	public Instant databaseNow() {
		return Objects.requireNonNull(this.jdbc.sql(this.dialect.withDatabaseNow(DATABASE_NOW))
			.query((rs, row) -> this.dialect.readTimestamp(rs, "now_at"))
			.single());
	}

	/** Deletes history entries of {@code type} finished before {@code cutoff}. */
	public Deleted deleteHistory(String type, Instant cutoff) {
		return deleteInBatches(OLD_HISTORY, DELETE_HISTORY, type, cutoff);
	}

	/** Deletes rows of {@code table} delivered (or, when cancelled, due) before {@code cutoff}. */
	public Deleted deleteFinishedRows(String table, Instant cutoff) {
		return deleteInBatches(OLD_FINISHED_ROWS.formatted(table), DELETE_FINISHED_ROWS.formatted(table), null, cutoff);
	}

	/** Deletes {@code @at} schedules that completed, and were last changed, before {@code cutoff}. */
	public Deleted deleteCompletedSchedules(Instant cutoff) {
		Deleted deleted = Deleted.NONE;
		while (true) {
			List<String> ids = this.jdbc.sql(OLD_COMPLETED_SCHEDULES)
				.param("cutoff", this.dialect.timestampParameter(cutoff))
				.param("limit", this.limit)
				.query(String.class)
				.list();
			if (ids.isEmpty()) {
				return deleted;
			}
			Integer rows = this.transactions
				.execute((status) -> this.jdbc.sql(DELETE_COMPLETED_SCHEDULES).param("ids", ids).update());
			deleted = deleted.plus(new Deleted((rows != null) ? rows : 0, 1));
			if (ids.size() < this.limit) {
				return deleted;
			}
		}
	}

	private Deleted deleteInBatches(String select, String delete, String type, Instant cutoff) {
		Deleted deleted = Deleted.NONE;
		while (true) {
			JdbcClient.StatementSpec query = this.jdbc.sql(select)
				.param("cutoff", this.dialect.timestampParameter(cutoff))
				.param("limit", this.limit);
			if (type != null) {
				query = query.param("type", type);
			}
			List<Long> ids = query.query(Long.class).list();
			if (ids.isEmpty()) {
				return deleted;
			}
			Integer rows = this.transactions.execute((status) -> this.jdbc.sql(delete).param("ids", ids).update());
			deleted = deleted.plus(new Deleted((rows != null) ? rows : 0, 1));
			if (ids.size() < this.limit) {
				return deleted;
			}
		}
	}

}
