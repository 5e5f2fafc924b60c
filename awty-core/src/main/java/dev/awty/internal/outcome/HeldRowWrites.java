package dev.awty.internal.outcome;

import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionOperations;

import dev.awty.internal.claim.HeldRows;
import dev.awty.internal.support.LastError;
import dev.awty.internal.support.StillPending;
import dev.awty.spi.SqlDialect;

/**
 * What becomes of claimed rows of one event table once published: marked delivered, deleted or given a failed
 * attempt. Every statement touches only the rows the given claim token still holds and says how many it changed,
 * so a holder whose lease ran out never writes over the row's new holder; each runs in awty's own transaction, or
 * joins the caller's. Two reads tell which rows such a write really changed, for a write tried again.
 */
public final class HeldRowWrites {

	private static final String MARK_DELIVERED = """
			UPDATE %1$s SET status = 'DELIVERED', delivered_at = CURRENT_TIMESTAMP, attempts = attempts + 1,
			       claimed_until = NULL
			WHERE %2$s AND claimed_by = :claimer AND""" + " " + StillPending.CONDITION;

	private static final String DELETE_DELIVERED = """
			DELETE FROM %1$s WHERE %2$s AND claimed_by = :claimer AND""" + " " + StillPending.CONDITION;

	private static final String MARKED_BY = """
			SELECT id FROM %s WHERE id IN (:ids) AND claimed_by = :claimer AND status = 'DELIVERED'
			""";

	private static final String STILL_PRESENT = "SELECT id FROM %s WHERE id IN (:ids)";

	/** The claim token's test in every statement here; a dialect's failed-attempt statement has it too. */
	private static final String CLAIM_FENCE = " AND claimed_by = :claimer";

	private final JdbcClient jdbc;

	private final NamedParameterJdbcTemplate batchJdbc;

	private final TransactionOperations transaction;

	private final String markDelivered;

	private final String deleteDelivered;

	private final String recordFailedAttempt;

	private final String markedBy;

	private final String stillPresent;

	private final int lastErrorLength;

	private final SqlDialect dialect;

	/** Whether each statement is preceded by the dialect's planning; not for rows locked by a planned claim. */
	private final boolean planned;

	public HeldRowWrites(String table, SqlDialect dialect, JdbcClient jdbc, NamedParameterJdbcTemplate batchJdbc,
			TransactionOperations transaction, int lastErrorLength) {
		this(dialect, jdbc, batchJdbc, transaction, lastErrorLength,
				dialect.withDatabaseNow(MARK_DELIVERED.formatted(table, dialect.idInList())),
				DELETE_DELIVERED.formatted(table, dialect.idInList()), dialect.recordFailedAttempt().formatted(table),
				MARKED_BY.formatted(table), STILL_PRESENT.formatted(table), true);
	}

	private HeldRowWrites(SqlDialect dialect, JdbcClient jdbc, NamedParameterJdbcTemplate batchJdbc,
			TransactionOperations transaction, int lastErrorLength, String markDelivered, String deleteDelivered,
			String recordFailedAttempt, String markedBy, String stillPresent, boolean planned) {
		this.planned = planned;
		this.jdbc = jdbc;
		this.batchJdbc = batchJdbc;
		this.transaction = transaction;
		this.lastErrorLength = lastErrorLength;
		this.markDelivered = markDelivered;
		this.deleteDelivered = deleteDelivered;
		this.dialect = dialect;
		this.recordFailedAttempt = recordFailedAttempt;
		this.markedBy = markedBy;
		this.stillPresent = stillPresent;
	}

	/**
	 * These writes for rows held by row locks in the caller's transaction ({@link dev.awty.Holding#TRANSACTION}):
	 * the lock is the fence, so the statements leave out the claim token's test (the claim wrote no token), and
	 * {@code :claimer} is bound but unused. They wait for no lock and run no planning of their own: the claim's
	 * planning holds for its whole transaction. Their "now" is the statement's ({@link SqlDialect#atStatementTime}).
	 * Run them only in the transaction that locked the rows.
	 */
	public HeldRowWrites underRowLocks() {
		return new HeldRowWrites(this.dialect, this.jdbc, this.batchJdbc, this.transaction, this.lastErrorLength,
				this.dialect.atStatementTime(withoutClaimFence(this.markDelivered)), withoutClaimFence(this.deleteDelivered),
				this.dialect.atStatementTime(withoutClaimFence(this.recordFailedAttempt)), this.markedBy, this.stillPresent,
				false);
	}

	/** {@code statement} without its one test of the claim token; fails at start-up for a statement without it. */
	static String withoutClaimFence(String statement) {
		int at = statement.indexOf(CLAIM_FENCE);
		if (at < 0 || statement.indexOf(CLAIM_FENCE, at + 1) >= 0) {
			throw new IllegalStateException("awty: expected one '" + CLAIM_FENCE.strip() + "' in: " + statement);
		}
		return statement.substring(0, at) + statement.substring(at + CLAIM_FENCE.length());
	}

	/** The length of this table's {@code last_error} column, which recorded errors are cut to. */
	public int lastErrorLength() {
		return this.lastErrorLength;
	}

	/**
	 * Marks rows delivered that {@code claimer} still holds, waiting for row locks as long as the database's settings
	 * say.
	 * @return how many were marked; fewer than {@code ids} means others were claimed again meanwhile
	 */
	public int markDelivered(Collection<Long> ids, String claimer) {
		return ids.isEmpty() ? 0
				: HeldRows.updateHeld(this.jdbc, this.transaction, this.dialect.planning().indexPlanning(), this.markDelivered,
						this.dialect.idsValue(ids), claimer);
	}

	/**
	 * Marks rows delivered that {@code claimer} still holds.
	 * @param lockWait how long this statement, and the rest of its transaction, may wait for a row lock where the
	 * database can bound it ({@link dev.awty.spi.DialectPlanning#writePlanning})
	 * @return how many were marked; fewer than {@code ids} means others were claimed again meanwhile
	 */
	public int markDelivered(Collection<Long> ids, String claimer, Duration lockWait) {
		return ids.isEmpty() ? 0
				: HeldRows.updateHeld(this.jdbc, this.transaction, writePlanning(lockWait), this.markDelivered,
						this.dialect.idsValue(ids), claimer);
	}

	/**
	 * Deletes published rows that {@code claimer} still holds.
	 * @param lockWait as for {@link #markDelivered}
	 * @return how many were deleted; fewer than {@code ids} means others were claimed again meanwhile
	 */
	public int deleteDelivered(Collection<Long> ids, String claimer, Duration lockWait) {
		return ids.isEmpty() ? 0
				: HeldRows.updateHeld(this.jdbc, this.transaction, writePlanning(lockWait), this.deleteDelivered,
						this.dialect.idsValue(ids), claimer);
	}

	private List<String> writePlanning(Duration lockWait) {
		return this.planned ? this.dialect.planning().writePlanning(lockWait.toMillis()) : List.of();
	}

	/**
	 * Records failed attempts of rows {@code claimer} still holds, in one batch.
	 * @return per failure, 0 when the row was no longer held by {@code claimer} and stayed unchanged
	 */
	public int[] recordFailures(List<FailedAttempt> failures, String claimer, int maxAttempts) {
		SqlParameterSource[] batch = failures.stream()
			.map((failure) -> new MapSqlParameterSource().addValue("id", failure.id())
				.addValue("claimer", claimer)
				.addValue("error", LastError.fit(failure.error(), this.lastErrorLength))
				.addValue("backoffMillis", failure.backoffMillis())
				.addValue("maxAttempts", maxAttempts))
			.toArray(SqlParameterSource[]::new);
		int[] counts = this.transaction.execute((status) -> this.batchJdbc.batchUpdate(this.recordFailedAttempt, batch));
		return (counts != null) ? counts : new int[failures.size()];
	}

	/** Of {@code ids}, those that {@code claimer} marked delivered. */
	public Set<Long> markedBy(Collection<Long> ids, String claimer) {
		return new HashSet<>(this.jdbc.sql(this.markedBy).param("ids", ids).param("claimer", claimer)
			.query(Long.class).list());
	}

	/** Of {@code ids}, those still in the table (after a delete: the ones another claim kept). */
	public Set<Long> stillPresent(Collection<Long> ids) {
		return new HashSet<>(this.jdbc.sql(this.stillPresent).param("ids", ids).query(Long.class).list());
	}

}
