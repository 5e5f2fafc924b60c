package dev.awty.spi;

import java.util.Collection;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The SQL that differs between databases. Each statement is a template with one {@code %s} per table
 * reference, filled once with a validated table name, and named parameters.
 * <p>
 * In every statement "now" is the database's clock ({@code CURRENT_TIMESTAMP}, or the database's UTC clock where
 * timestamps are stored as UTC), never the JVM's.
 * <p>
 * How the database stores instants is part of a dialect too, declared in {@link SqlTimestamps}.
 */
public interface SqlDialect extends SqlTimestamps {

	/** The dialect's name, as accepted by {@code awty.database.dialect}. */
	String name();

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
	 * Statements run first in the transaction of a batch held by row locks, before {@link #lockDueRows()}: those of
	 * {@link #indexPlanning()}, and where the database has such a setting, a bound of {@code idleMillis} on how long
	 * the transaction may stay open while its client sends nothing (its VM froze, its network split), past which the
	 * database ends the session and frees the rows. Folded into one statement where there is one. Defaults to
	 * {@link #indexPlanning()}.
	 */
	default List<String> heldBatchPlanning(long idleMillis) {
		return indexPlanning();
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
	 * version; {@code %1$s} is {@link #selectedRows()} and {@code %3$s} is {@link #idInSubSelect()} over {@code %2$s}.
	 */
	String shiftPendingRows();

	/**
	 * What, appended to a {@code SELECT}, makes it read the rows as last committed rather than as the caller's
	 * transaction first saw them. After a change, awty counts the rows it left alone because they were claimed; the
	 * change read the latest rows, so the count must too. Under READ COMMITTED (H2's and PostgreSQL's default) every
	 * statement sees what committed before it, so nothing is needed; under MySQL's default REPEATABLE READ a plain
	 * {@code SELECT} in the caller's transaction reads its first snapshot, and a row claimed since went uncounted.
	 * @return empty by default
	 */
	default String latestCommittedRead() {
		return "";
	}

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
	 * The condition "{@code id} is one of the ids that the sub-select {@code %s} returns", written so that the
	 * statement around it finds those rows by primary key even on a table without statistics (just created or
	 * bulk-loaded). The default is {@code id IN (%s)}.
	 */
	default String idInSubSelect() {
		return "id IN (%s)";
	}

	/**
	 * The rows a {@code Selection} changes or counts, in place of its table {@code %1$s} in its statements: where the
	 * database plans a join to the selected ids ({@code %2$s}) better than {@link #idInSubSelect()}, the table joined
	 * to them (and {@link #idInSubSelect()} then {@code TRUE}). The default is the table alone.
	 */
	default String selectedRows() {
		return "%1$s";
	}

	/**
	 * The FROM clause of a {@code Selection} that joins the caller's tables, for a database that must be told to read
	 * those tables first and the scheduled rows through the join: {@code %1$s} is the scheduled table (alias
	 * {@code e}), {@code %2$s} the joined tables with their aliases separated by {@code CROSS JOIN}, {@code %3$s}
	 * every join condition, each in parentheses, combined by {@code AND}; it ends with a {@code WHERE} clause that
	 * keeps the rows whose {@code e.status} is one of {@code (:awtyStatuses)}, to which the caller's predicates are
	 * added. {@code null} (the default) for {@code FROM %1$s e JOIN … ON (…) WHERE e.status IN (:awtyStatuses)} in
	 * the caller's order, which leaves the order to the database.
	 */
	default @Nullable String joinedTablesFirst() {
		return null;
	}

	/**
	 * A {@code Selection} statement that reads through {@link #joinedTablesFirst()}, as sent to the database
	 * ({@code %s}: the statement), for settings that must hold for that one statement. The default is {@code %s}.
	 */
	default String withJoinedTablesFirst() {
		return "%s";
	}

	/**
	 * One statement that runs the update {@code %1$s} and feeds the rows it changed, with the columns {@code %2$s}, to
	 * {@code %3$s}, an {@code INSERT … SELECT … FROM awty_changed}; its update count is the number of rows inserted.
	 * {@code null} (the default) where the database cannot: awty then marks the changed rows and copies them in a
	 * second statement.
	 */
	default @Nullable String insertFromUpdate() {
		return null;
	}

	/**
	 * Whether housekeeping deletes a batch in one statement, naming its rows by {@link #idInSubSelect()} over the
	 * select that finds them, instead of selecting their ids first and deleting by that list (which PostgreSQL
	 * plans as a sequential scan on a table without statistics). The select has a {@code LIMIT}.
	 */
	default boolean deletesByIdSubSelect() {
		return false;
	}

	/**
	 * Whether concurrent claims ({@link #claimDueRows()}, {@link #claimDueSchedules()}) skip each other's rows. When not, awty runs
	 * claims of one type one at a time under the type's lock, even in skip-locked mode.
	 */
	default boolean skipsLockedRows() {
		return true;
	}

	/**
	 * A statement that tells the other instances that a row of type {@code :type} is due at
	 * {@code :dueAtMillis}, delivered to them only if the current transaction commits; {@code null} where the
	 * database has no such channel and instances rely on polling.
	 */
	default @Nullable String notifyDue() {
		return null;
	}

	/** The statement that subscribes a connection to {@link #notifyDue()}; {@code null} when there is none. */
	default @Nullable String listenDue() {
		return null;
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
	 * The lock that serializes the creation and upgrade of awty's tables among all instances on the same database (or
	 * schema); {@code null} where the database has no such lock, and awty retries a failed initialization instead.
	 */
	default @Nullable SchemaInitializationLock schemaInitializationLock() {
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
	 * Statements run first in the transaction of every claim of due rows or schedules and of every mark of delivered
	 * rows (and release of held rows), each returning one row, to keep the claim on the walk of its due-order index
	 * that stops at the claim's limit, and the mark on the primary key, whatever the table's statistics say: where a
	 * planner given the statistics of an empty table read the whole due-order index instead (the dead entries of rows
	 * delivered since included), each claim and mark took longer than the one before, until the table was analyzed
	 * again. Empty (the default) where the database's plans do not depend on it.
	 */
	default List<String> indexPlanning() {
		return List.of();
	}

	/**
	 * The statements run first in the transaction of a mark (or delete) of delivered rows in place of
	 * {@link #indexPlanning()}: the same, and where the database has such a setting, a bound of {@code lockWaitMillis}
	 * on how long the rest of the transaction waits for a row lock, so that a write blocked by another session's lock
	 * fails and is tried again (or given up) rather than waiting past its rows' lease. Folded into the planning's one
	 * statement where there is one, so that the bound costs no round trip. Defaults to {@link #indexPlanning()}.
	 */
	default List<String> writePlanning(long lockWaitMillis) {
		return indexPlanning();
	}

	/**
	 * Statements that bound the current transaction for the rest of its life, run first in a claim that takes a
	 * limited type's turn (its row in {@code awty_type_limit}): how long a statement waits for a lock, and how long
	 * the database keeps the transaction open while its client sends nothing, ending the session then (the client's
	 * VM froze or its network split) so that its locks go with it. {@code %1$d} is the bound in milliseconds,
	 * {@code %2$d} in whole seconds (at least 1). Empty (the default) where the database has no such settings.
	 */
	default List<String> boundTransaction() {
		return List.of();
	}

	/**
	 * Statements run on the connection after the transaction of {@link #boundTransaction()} ended, restoring the
	 * session settings it changed for the connection's later users; empty (the default) where the bounds end with the
	 * transaction.
	 */
	default List<String> unboundSession() {
		return List.of();
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

	/** The SQL of the pending-only index recommended for {@code table}. */
	String pendingIndex(String table);

	/**
	 * The statement that gives a new scheduled {@code table} the storage settings recommended for it, printed with
	 * the table's changeSet; {@code null} (the default) where the database's own suit it.
	 */
	default @Nullable String tableStorage(String table) {
		return null;
	}

	/**
	 * A query, its one parameter a scheduled table's name, that returns a row when the table lacks the storage settings
	 * of {@link #tableStorage}, which start-up then logs; {@code null} (the default) where there are none to check.
	 */
	default @Nullable String tableStorageMissing() {
		return null;
	}

}
