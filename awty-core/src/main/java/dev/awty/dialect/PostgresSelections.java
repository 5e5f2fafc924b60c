package dev.awty.dialect;

import dev.awty.spi.DialectSelections;

/**
 * PostgreSQL's way to rows named by a sub-select: ids looked up by primary key from an array, the caller's joined
 * tables read first, and the cancel's history copied from the update in the same statement.
 */
final class PostgresSelections implements DialectSelections {

	// As in the claim: "id IN (sub-select)" on tables without statistics (a join reschedule right after a bulk load)
	// planned a nested loop that ran the sub-select's join once per row of the table, 195 s for 2,000 rows.
	private static final String ID_IN_SUB_SELECT = "id = ANY (ARRAY(%s))";

	// Without statistics, the caller's join (the purchases of one album) was planned as a hash join over every PENDING
	// row, read through the pending-only index that looks tiny on a table never analyzed: 98,000 rows read at 100,000
	// to touch 4,900. The caller's tables are read first (their condition is why they are joined), then the scheduled
	// rows of each through a LATERAL sub-select on the join conditions, which can only run per outer row and so finds
	// them by the join column's index. OFFSET 0 keeps PostgreSQL from flattening it back into a join of its choosing,
	// and keeps the status check outside it: inside, the status implied the pending index's predicate, and that index
	// was read whole for every purchase. The conditions are repeated outside so that several joined tables are joined
	// by them rather than crossed. A join column without an index is read whole per outer row: index it.
	private static final String JOINED_TABLES_FIRST = """
			FROM %2$s CROSS JOIN LATERAL (SELECT * FROM %1$s e WHERE %3$s OFFSET 0) e \
			WHERE %3$s AND e.status IN (:awtyStatuses)""";

	// A data-modifying WITH: the insert reads exactly the rows the update returned. Finding them again afterwards meant
	// a second pass through the caller's join in any status, which no index serves on a table without statistics.
	private static final String INSERT_FROM_UPDATE = "WITH awty_changed AS (%1$s RETURNING %2$s) %3$s";

	@Override
	public String idInSubSelect() {
		return ID_IN_SUB_SELECT;
	}

	@Override
	public String joinedTablesFirst() {
		return JOINED_TABLES_FIRST;
	}

	@Override
	public String insertFromUpdate() {
		return INSERT_FROM_UPDATE;
	}

	@Override
	public boolean deletesByIdSubSelect() {
		return true;
	}

}
