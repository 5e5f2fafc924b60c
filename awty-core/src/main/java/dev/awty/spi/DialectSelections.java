package dev.awty.spi;

import org.jspecify.annotations.Nullable;

/**
 * How a database finds rows named by a sub-select rather than one by one: the rows a
 * {@link dev.awty.repository.Selection} changes or counts (through the caller's joins), the batches housekeeping
 * deletes, and the rows awty reads back after a change. The defaults ({@link #PORTABLE}) are plain SQL; a database
 * overrides what its planner gets wrong on a table without statistics (just created or bulk-loaded). Part of
 * {@link SqlDialect}, through {@link SqlDialect#selections()}.
 */
public interface DialectSelections {

	/** Plain SQL: every method's default. */
	DialectSelections PORTABLE = new DialectSelections() {
	};

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
	 * plans as a sequential scan on a table without statistics). The select has a {@code LIMIT}. {@code false} by
	 * default.
	 */
	default boolean deletesByIdSubSelect() {
		return false;
	}

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

}
