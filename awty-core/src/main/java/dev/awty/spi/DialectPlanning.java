package dev.awty.spi;

import java.util.List;

/**
 * The statements awty runs first in a transaction, before its claims and writes, where a database's planner or its
 * session settings need them: plans kept on the indexes whatever the table's statistics say, and bounds on how long a
 * transaction waits for a lock or stays open while its client is silent. Each list is empty where the database needs
 * nothing (the {@link #NONE} default). Part of {@link SqlDialect}, through {@link SqlDialect#planning()}.
 */
public interface DialectPlanning {

	/** Nothing to run first: every list is empty. */
	DialectPlanning NONE = new DialectPlanning() {
	};

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
	 * Statements run first in the transaction of a batch held by row locks, before {@link SqlDialect#lockDueRows()}:
	 * those of {@link #indexPlanning()}, and where the database has such a setting, a bound of {@code idleMillis} on
	 * how long the transaction may stay open while its client sends nothing (its VM froze, its network split), past
	 * which the database ends the session and frees the rows. Folded into one statement where there is one. Defaults
	 * to {@link #indexPlanning()}.
	 */
	default List<String> heldBatchPlanning(long idleMillis) {
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

}
