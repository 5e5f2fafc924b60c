package dev.awty.internal.claim;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionOperations;

import dev.awty.ScheduledEntity;
import dev.awty.internal.model.EventType;
import dev.awty.spi.ClaimStatement;
import dev.awty.spi.SqlDialect;

/**
 * The claiming side of one event table: claiming due rows (or rows due soon) for a claim token, and giving
 * claimed rows back unpublished. What becomes of published rows is written by the outcome writer.
 */
public final class EventClaims<T extends ScheduledEntity> {

	// Read after the claim in its transaction: its "now" is no earlier than the claim's, so rows held for their
	// due time from it are never released early.
	private static final String READ_CLAIMED = """
			SELECT claimed.*, CURRENT_TIMESTAMP AS awty_claimed_at FROM %s claimed
			WHERE id IN (:ids) AND claimed_by = :claimer
			""";

	private static final String RELEASE = """
			UPDATE %1$s SET claimed_by = NULL, claimed_until = NULL WHERE %2$s AND claimed_by = :claimer
			""";

	// The earliest row a claim would take once due, read in due_at order and stopped at the first: the index of
	// pending rows by due time serves it (PostgreSQL's partial index, the (status, due_at) index elsewhere), where
	// MIN(due_at) with the claim condition reads every pending row on MariaDB. PostgreSQL without statistics reads a
	// small table's later pending rows through a bitmap scan and sorts them (3 ms at 20,000 rows), a large one in order
	// (200,000 rows: one row read). Rows under a live lease (claimed ahead by a worker, or by another instance) are left
	// out, or the loop would wake for them at once, again and again.
	private static final String NEXT_DUE = """
			SELECT (SELECT due_at FROM %s
			        WHERE status = 'PENDING' AND due_at > CURRENT_TIMESTAMP
			          AND (claimed_until IS NULL OR claimed_until < CURRENT_TIMESTAMP)
			        ORDER BY due_at LIMIT 1) AS next_at, CURRENT_TIMESTAMP AS now_at
			""";

	private static final String DUE_ORDER = "due_at";

	private static final String PRIORITY_ORDER = "priority DESC, due_at";

	private final EventType<T> type;

	private final SqlDialect dialect;

	private final JdbcClient jdbc;

	private final DueClaim claimByDueTime;

	private final DueClaim claimByPriority;

	private final String release;

	private final String nextDue;

	private final DueLocks<T> locks;

	private final TransactionOperations transaction;

	private final boolean readsTraceParent;

	public EventClaims(EventType<T> type, SqlDialect dialect, JdbcClient jdbc, TransactionOperations transaction,
			boolean readsTraceParent) {
		this(type, dialect, jdbc, transaction, readsTraceParent, dialect.claimDueRows(), null);
	}

	private EventClaims(EventType<T> type, SqlDialect dialect, JdbcClient jdbc, TransactionOperations transaction,
			boolean readsTraceParent, ClaimStatement claimDueRows, @Nullable String keyColumn) {
		this.type = type;
		this.readsTraceParent = readsTraceParent;
		this.transaction = transaction;
		this.dialect = dialect;
		this.jdbc = jdbc;
		String table = type.table();
		String readClaimed = dialect.withDatabaseNow(READ_CLAIMED.formatted(table));
		this.claimByDueTime = new DueClaim(jdbc, transaction, DueClaim.filled(claimDueRows, table, DUE_ORDER, keyColumn),
				readClaimed, dialect.planning().indexPlanning());
		this.claimByPriority = new DueClaim(jdbc, transaction,
				DueClaim.filled(claimDueRows, table, PRIORITY_ORDER, keyColumn), readClaimed, dialect.planning().indexPlanning());
		this.release = RELEASE.formatted(table, dialect.idInList());
		this.nextDue = dialect.withDatabaseNow(NEXT_DUE.formatted(table));
		this.locks = new DueLocks<>(type, dialect, jdbc, readsTraceParent, DUE_ORDER, PRIORITY_ORDER);
	}

	/**
	 * These claims, taking at most one row per value of {@code keyColumn} and none of a value that has a row in flight;
	 * see {@link SqlDialect#claimDueRowsOnePerKey()}. Only safe where claims of the type take turns.
	 * @param keyColumn a validated column of the table
	 * @throws IllegalStateException if the dialect cannot claim one row per key
	 */
	public EventClaims<T> onePerKey(String keyColumn) {
		ClaimStatement statement = this.dialect.claimDueRowsOnePerKey();
		if (statement == null) {
			throw new IllegalStateException("the " + this.dialect.name() + " dialect cannot claim one row per key");
		}
		return new EventClaims<>(this.type, this.dialect, this.jdbc, this.transaction, this.readsTraceParent, statement,
				keyColumn);
	}

	public EventType<T> type() {
		return this.type;
	}

	/** Whether concurrent claims of this table skip each other's rows; see {@link SqlDialect#skipsLockedRows()}. */
	public boolean skipLockedRows() {
		return this.dialect.skipsLockedRows();
	}

	/**
	 * Claims up to {@code limit} due rows for {@code claimer} for {@code lease}.
	 * @return the claimed rows, earliest due first unless by priority; empty when nothing is due
	 */
	public List<T> claimDue(String claimer, int limit, Duration lease, boolean byPriority) {
		return claimDue(claimer, limit, lease, byPriority, Duration.ZERO).rows();
	}

	/**
	 * Claims up to {@code limit} rows due within {@code ahead} from now for {@code claimer} for {@code lease}.
	 * @return the claimed rows, earliest due first unless by priority, with the database's "now" of the claim
	 */
	public Claimed<T> claimDue(String claimer, int limit, Duration lease, boolean byPriority, Duration ahead) {
		DueClaim claim = byPriority ? this.claimByPriority : this.claimByDueTime;
		ClaimedRowReader<T> reader = new ClaimedRowReader<>(this.dialect, this.type, this.readsTraceParent);
		List<T> rows = new ArrayList<>(claim.claim(Map.of("limit", limit, "aheadMillis", ahead.toMillis()), Long.class,
				claimer, lease, reader, (@Nullable T row) -> Objects.requireNonNull(row).getId()));
		return reader.claimed(rows, byPriority);
	}

	/**
	 * Locks up to {@code limit} due rows in the caller's transaction, which holds them until it ends; writes nothing.
	 * See {@link DueLocks#lockDue}.
	 */
	public Claimed<T> lockDue(int limit, boolean byPriority, Duration idleBound, long floorAgoMillis) {
		return this.locks.lockDue(limit, byPriority, idleBound, floorAgoMillis);
	}

	/** Whether the dialect can lock due rows for a batch held in a transaction. */
	public boolean locksDueRows() {
		return this.locks.locksDueRows();
	}

	/**
	 * Rows claimed by one statement.
	 * @param databaseNow the database's clock as the claim saw it; {@code null} when nothing was claimed
	 * @param unreadable claimed rows that could not be read into the event class; still held by the claimer
	 */
	public record Claimed<T>(List<T> rows, @Nullable Instant databaseNow, List<UnreadableRow> unreadable) {

		public Claimed(List<T> rows, @Nullable Instant databaseNow) {
			this(rows, databaseNow, List.of());
		}

	}

	/**
	 * When the earliest pending row that is neither due yet nor claimed becomes due, by the database's clock: one
	 * statement, for a poller about to sleep.
	 */
	public NextDue nextDue() {
		return this.jdbc.sql(this.nextDue).query((rs, row) -> NextDue.read(rs, this.dialect)).single();
	}

	/** Gives rows still held by {@code claimer} back, unpublished. */
	public void release(Collection<Long> ids, String claimer) {
		if (!ids.isEmpty()) {
			HeldRows.updateHeld(this.jdbc, this.transaction, this.dialect.planning().indexPlanning(), this.release,
					this.dialect.idsValue(ids), claimer);
		}
	}

}
