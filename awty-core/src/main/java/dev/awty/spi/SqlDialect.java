package dev.awty.spi;

import java.util.Collection;

import org.jspecify.annotations.Nullable;

/**
 * The SQL that differs between databases. Each statement is a template with one {@code %s} per table
 * reference, filled once with a validated table name, and named parameters.
 * <p>
 * In every statement "now" is the database's clock ({@code CURRENT_TIMESTAMP}, or the database's UTC clock where
 * timestamps are stored as UTC), never the JVM's.
 * <p>
 * This interface holds the claims, the writes of held rows and the clock. What belongs to one feature is behind a
 * role of its own: {@link #schema()} (indexes, storage, the initialization lock), {@link #wakeUps()} (a channel
 * between instances), {@link #planning()} (statements run first in a transaction), {@link #selections()} (rows
 * named by a sub-select) and {@link #dailyHistoryPartitions()}. How the database stores instants is declared in
 * {@link SqlTimestamps}, which this interface extends.
 * <p>
 * A dialect of one's own implements the abstract methods ({@link #schema()} among them: its
 * {@link DialectSchema#pendingIndex} has no default) and overrides the defaults, which are portable SQL, where its
 * database needs other SQL; declared as a bean, it replaces the detected one.
 */
public interface SqlDialect extends SqlTimestamps {

	/** The dialect's name, as accepted by {@code awty.database.dialect}. */
	String name();

	/** The statements for tables rather than rows: the pending index, storage settings, the initialization lock. */
	DialectSchema schema();

	/** How instances tell each other that a row is due; by default they cannot, and poll. */
	default DialectWakeUps wakeUps() {
		return DialectWakeUps.NONE;
	}

	/** The statements run first in a claim's or a write's transaction; by default none. */
	default DialectPlanning planning() {
		return DialectPlanning.NONE;
	}

	/** How rows named by a sub-select are found and changed; by default in plain SQL. */
	default DialectSelections selections() {
		return DialectSelections.PORTABLE;
	}

	/**
	 * How due rows of an event table ({@code %1$s}) are claimed. The rows to claim are up to {@code :limit}
	 * unclaimed ({@code claimed_until} null or passed) {@code PENDING} rows due by now plus {@code :aheadMillis},
	 * in the order given by {@code %2$s} (a column list such as {@code due_at} or {@code priority DESC, due_at}).
	 * Rows locked by a concurrent claim are skipped, not waited for, where {@link #skipsLockedRows()}.
	 * <p>
	 * A {@link ClaimStatement.Returning} statement also returns {@code awty_claimed_at}, the "now" it compared with;
	 * after a {@link ClaimStatement.SelectThenUpdate} claim awty reads the rows back with the database's "now".
	 */
	ClaimStatement claimDueRows();

	/**
	 * How due rows of an event table ({@code %1$s}) are locked for a batch held in one transaction
	 * ({@link dev.awty.Holding#TRANSACTION}): the rows {@link #claimDueRows()} would claim, in the same order
	 * ({@code %2$s}), selected with every column plus {@code awty_claimed_at} (the database's "now") and locked
	 * {@code FOR UPDATE}, skipping rows another transaction holds; no column is written. {@code null} (the default)
	 * where the dialect cannot, and its batches are held by a lease. A {@code %3$s} after the due-time condition is
	 * where awty puts {@link #dueFloor()}, or nothing.
	 */
	default @Nullable String lockDueRows() {
		return null;
	}

	/**
	 * The condition, starting with {@code AND}, that {@link #lockDueRows()} adds where awty knows no row due earlier
	 * is left: {@code due_at} no more than {@code :floorAgoMillis} milliseconds before the database's "now". A lock
	 * then seeks past the rows delivered since, whose index entries a long transaction elsewhere keeps from being
	 * cleaned up, instead of reading each again; awty still looks at every due row every few poll intervals.
	 * {@code null} (the default): every lock looks at every due row.
	 */
	default @Nullable String dueFloor() {
		return null;
	}

	/**
	 * Where {@link #lockDueRows()} selects only the ids of the rows it locks, reads those rows ({@code id IN (:ids)}
	 * of table {@code %1$s}, locked already) with every column plus {@code awty_claimed_at}; {@code null} (the default)
	 * where {@link #lockDueRows()} returns whole rows. MySQL and MariaDB need it: a select of whole rows scanned a
	 * small table and sorted it, locking every due row, where the ids alone are read from the pending index in due
	 * order and stop at the limit.
	 */
	default @Nullable String readLockedRows() {
		return null;
	}

	/**
	 * {@code statement}, run late in a long transaction, with the time of the statement for "now" where the database's
	 * {@code CURRENT_TIMESTAMP} is the transaction's start: a batch held in a transaction marks its rows delivered, and
	 * counts a failed attempt's backoff, from when its messages were answered, not from when it locked them. The
	 * default changes nothing (MySQL's and MariaDB's clock is the statement's; H2 has no other).
	 */
	default String atStatementTime(String statement) {
		return statement;
	}

	/**
	 * Like {@link #claimDueRows()}, for a type delivered one row per key at a time, the key being column {@code %3$s}:
	 * a row is claimed only if no other {@code PENDING} row with its key is in flight (claimed under a lease that has
	 * not run out) or would be claimed before it (unclaimed, due by now plus {@code :aheadMillis}, and earlier by
	 * {@code due_at}, then {@code id}), so a claim takes at most the earliest free row of each key. Claims of such a
	 * type take turns, so the statement need not guard against a concurrent claim. {@code null} (the default) where
	 * the dialect cannot, and a type with a key limit fails start-up.
	 */
	default @Nullable ClaimStatement claimDueRowsOnePerKey() {
		return null;
	}

	/**
	 * How due recurring schedules of table {@code %1$s} ({@code awty_schedule}) are claimed: up to {@code :limit}
	 * schedules that are enabled, due ({@code next_fire_at} at or before now plus {@code :aheadMillis}) and
	 * unclaimed ({@code claimed_until} null or passed), earliest {@code next_fire_at} first. As in
	 * {@link #claimDueRows()}, rows locked by a concurrent claim are skipped where {@link #skipsLockedRows()}; a
	 * {@link ClaimStatement.Returning} statement returns every column of the claimed schedules plus
	 * {@code awty_claimed_at}: the database's clock no earlier than the "now" it compared with and no later than the
	 * row is returned. Occurrences claimed ahead are held from the latest of them, so the later it is read the less
	 * they are late.
	 */
	ClaimStatement claimDueSchedules();

	/**
	 * Extends the leases of rows of table {@code %1$s} (an event table or {@code awty_schedule}) that are still
	 * held: sets {@code claimed_until} to now plus {@code :leaseMillis} where {@code id IN (:ids)} and
	 * {@code claimed_by IN (:claimers)}. One statement for every batch an instance holds of one table; a row
	 * changed, released or claimed by anyone else since has another {@code claimed_by} and is left alone.
	 */
	String extendLeases();

	/**
	 * Records a failed attempt of row {@code :id} still claimed by {@code :claimer}: increments
	 * {@code attempts}, stores {@code :error}, releases the claim, and either moves {@code due_at} to now plus
	 * {@code :backoffMillis} or, when {@code :maxAttempts} is reached, sets status {@code FAILED}.
	 */
	String recordFailedAttempt();

	/**
	 * Moves the due time of unclaimed {@code PENDING} rows whose id is in the sub-select {@code %2$s} by
	 * {@code :awtyMicros} microseconds (also bound, rounded down, as {@code :awtyMillis} milliseconds) and bumps their
	 * version; {@code %1$s} is {@link DialectSelections#selectedRows()} and {@code %3$s} is
	 * {@link DialectSelections#idInSubSelect()} over {@code %2$s}.
	 */
	String shiftPendingRows();

	/**
	 * The condition "{@code id} is one of the ids bound as {@code :ids}", bound as {@link #idsValue} gives them. The
	 * default, {@code id IN (:ids)}, takes one parameter per id.
	 */
	default String idInList() {
		return "id IN (:ids)";
	}

	/** The value to bind as {@code :ids} in {@link #idInList()}: by default the ids themselves, one parameter each. */
	default Object idsValue(Collection<Long> ids) {
		return ids;
	}

	/**
	 * Whether concurrent claims ({@link #claimDueRows()}, {@link #claimDueSchedules()}) skip each other's rows. When not, awty runs
	 * claims of one type one at a time under the type's lock, even in skip-locked mode.
	 */
	default boolean skipsLockedRows() {
		return true;
	}

	/**
	 * Appended to an {@code INSERT} that may hit a unique key: makes it insert nothing instead of failing
	 * where a failed statement would spoil the transaction. Empty where a duplicate key error leaves the
	 * transaction usable.
	 */
	default String insertIgnoringDuplicates() {
		return "";
	}

	/**
	 * Adapts a statement written once for every database, with {@code CURRENT_TIMESTAMP} for now, to this one.
	 * The default changes nothing; a database whose timestamp columns hold UTC without a zone replaces it with
	 * its UTC clock, so that a session time zone other than UTC changes nothing.
	 */
	default String withDatabaseNow(String portableStatement) {
		return portableStatement;
	}

	/**
	 * The database's own clock as this dialect writes it in its statements: {@link #withDatabaseNow} of
	 * {@code CURRENT_TIMESTAMP}. Unlike {@link #withDatabaseNow}, never moved by the test kit's clock: for
	 * column defaults and for telling how the database keeps time, not for deciding what is due.
	 */
	default String databaseClock() {
		return withDatabaseNow("CURRENT_TIMESTAMP");
	}

	/**
	 * {@code statement} with every "now" that this dialect writes (in its own statements and in
	 * {@link #withDatabaseNow}) replaced by that "now" plus {@code offsetMillis}, an SQL expression of milliseconds;
	 * {@code null} (the default) where the dialect cannot. Production code never calls it: it lets a test kit
	 * ({@code awty-test}, its {@code ShiftedNowDialect}) move awty's notion of the database's clock.
	 */
	default @Nullable String shiftNow(String statement, String offsetMillis) {
		return null;
	}

	/**
	 * The statements that keep the history in daily partitions when {@code awty_delivery_log} is partitioned;
	 * {@code null} (the default) where the database cannot, and housekeeping deletes old entries in batches.
	 */
	default @Nullable DailyHistoryPartitions dailyHistoryPartitions() {
		return null;
	}

	/**
	 * A {@code SELECT} of any number of history entries from one array per column, for an insert into
	 * {@code awty_delivery_log}; {@code null} (the default) where entries go in as rows of {@code VALUES}. It returns
	 * the columns event_type, row_id, schedule_id, schedule_version, event_id, due_at, finished_at (as
	 * {@code CURRENT_TIMESTAMP}), attempts, check_count, outcome, error, duration_ms and instance_id. Its parameters
	 * are the arrays of all but finished_at, in that order, the due times as microseconds since the epoch.
	 */
	default @Nullable String historyEntriesFromArrays() {
		return null;
	}

}
