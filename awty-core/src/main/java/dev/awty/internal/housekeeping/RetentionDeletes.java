package dev.awty.internal.housekeeping;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;

import dev.awty.internal.history.JdbcDeliveryHistory;
import dev.awty.internal.support.AwtyTransactions;
import dev.awty.spi.SqlDialect;

/**
 * Deletes old history entries and old finished rows in bounded batches: each batch selects at most
 * {@code limit} ids and deletes them by id in its own short transaction (on PostgreSQL in one statement, see
 * {@link dev.awty.spi.DialectSelections#deletesByIdSubSelect()}), so no statement holds many locks for long. The
 * selects are portable (no {@code DELETE … LIMIT}, which PostgreSQL lacks). Old history entries are found through the
 * index on {@code (event_type, outcome, finished_at)} on MySQL, MariaDB and H2, and through
 * {@code (event_type, finished_at)} on a PostgreSQL table that is not partitioned; on a partitioned one only the
 * default partition's are left to delete.
 */
public final class RetentionDeletes {

	private static final String DATABASE_NOW = "SELECT CURRENT_TIMESTAMP AS now_at";

	// Every outcome named, so that MySQL, MariaDB and H2 read (event_type, outcome, finished_at) as one range per
	// outcome up to the cutoff: with the type alone they would walk every entry of the type, old or not, to find none.
	// On PostgreSQL the cutoff keeps the read to the default partition and days not yet dropped.
	private static final String OLD_HISTORY = """
			SELECT id FROM awty_delivery_log WHERE event_type = :type AND outcome IN (%s) AND finished_at < :cutoff
			LIMIT :limit
			""".formatted(JdbcDeliveryHistory.EVERY_OUTCOME);

	// The cutoff again, although the ids were selected by it: on a partitioned table it keeps the delete out of every
	// partition but the old ones, where the ids would otherwise be looked up in each day's index.
	private static final String DELETE_HISTORY = "DELETE FROM awty_delivery_log WHERE finished_at < :cutoff AND %s";

	private static final String OLD_FINISHED_ROWS = """
			SELECT id FROM %s WHERE status IN ('DELIVERED', 'CANCELLED') AND COALESCE(delivered_at, due_at) < :cutoff
			LIMIT :limit
			""";

	private static final String DELETE_FINISHED_ROWS = """
			DELETE FROM %1$s WHERE %2$s AND status IN ('DELIVERED', 'CANCELLED')
			""";

	// An @at schedule that fired has no next occurrence; one that was changed or fired recently stays a while.
	private static final String OLD_COMPLETED_SCHEDULES = """
			SELECT id FROM awty_schedule WHERE next_fire_at IS NULL AND LOWER(expression) LIKE '@at%'
			AND updated_at < :cutoff AND (last_fired_at IS NULL OR last_fired_at < :cutoff) LIMIT :limit
			""";

	private static final String DELETE_COMPLETED_SCHEDULES = """
			DELETE FROM awty_schedule WHERE %s AND next_fire_at IS NULL
			""";

	// A range closed on both sides, so that a planner without statistics (a table loaded or started minutes ago)
	// expects few rows and reads the index on acted_at; with the cutoff alone it expects a third of the table and
	// reads it whole. The lower bound excludes nothing: entries are written with the database clock.
	private static final String OLD_AUDIT_ENTRIES = """
			SELECT id FROM awty_audit WHERE acted_at > TIMESTAMP '1970-01-02 00:00:00' AND acted_at < :cutoff
			LIMIT :limit
			""";

	private static final String DELETE_AUDIT_ENTRIES = "DELETE FROM awty_audit WHERE %s";

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
		return deleteInBatches(OLD_HISTORY, DELETE_HISTORY, Long.class, type, cutoff);
	}

	/** Deletes rows of {@code table} delivered (or, when cancelled, due) before {@code cutoff}. */
	public Deleted deleteFinishedRows(String table, Instant cutoff) {
		return deleteInBatches(OLD_FINISHED_ROWS.formatted(table), DELETE_FINISHED_ROWS.formatted(table, "%s"), Long.class,
				null, cutoff);
	}

	/** Deletes {@code @at} schedules that completed, and were last changed, before {@code cutoff}. */
	public Deleted deleteCompletedSchedules(Instant cutoff) {
		return deleteInBatches(OLD_COMPLETED_SCHEDULES, DELETE_COMPLETED_SCHEDULES, String.class, null, cutoff);
	}

	/** Deletes the audit entries of operator actions taken before {@code cutoff}. */
	public Deleted deleteAuditEntries(Instant cutoff) {
		return deleteInBatches(OLD_AUDIT_ENTRIES, DELETE_AUDIT_ENTRIES, Long.class, null, cutoff);
	}

	/**
	 * Deletes the rows {@code select} finds, batch after batch: by a list of ids selected first or, where the dialect
	 * plans that better, in one statement through {@link dev.awty.spi.DialectSelections#idInSubSelect()} over
	 * {@code select}. {@code delete} has a {@code %s} for the condition on {@code id}.
	 */
	private Deleted deleteInBatches(String select, String delete, Class<?> idType, @Nullable String type,
			Instant cutoff) {
		Deleted deleted = Deleted.NONE;
		while (true) {
			int found;
			int rows;
			if (this.dialect.selections().deletesByIdSubSelect()) {
				String oneStatement = delete.formatted(this.dialect.selections().idInSubSelect().formatted(select));
				rows = orZero(this.transactions.execute((status) -> bound(oneStatement, type, cutoff).update()));
				found = rows;
			}
			else {
				List<?> ids = bound(select, type, cutoff).query(idType).list();
				if (ids.isEmpty()) {
					return deleted;
				}
				String byList = delete.formatted("id IN (:ids)");
				rows = orZero(this.transactions.execute((status) -> this.jdbc.sql(byList)
					.param("ids", ids)
					.param("cutoff", this.dialect.timestampParameter(cutoff))
					.update()));
				found = ids.size();
			}
			if (found == 0) {
				return deleted;
			}
			deleted = deleted.plus(new Deleted(rows, 1));
			if (found < this.limit) {
				return deleted;
			}
		}
	}

	private JdbcClient.StatementSpec bound(String sql, @Nullable String type, Instant cutoff) {
		JdbcClient.StatementSpec statement = this.jdbc.sql(sql)
			.param("cutoff", this.dialect.timestampParameter(cutoff))
			.param("limit", this.limit);
		return (type != null) ? statement.param("type", type) : statement;
	}

	private static int orZero(@Nullable Integer rows) {
		return (rows != null) ? rows : 0;
	}

}
