package dev.awty.dialect;

import org.jspecify.annotations.Nullable;

import dev.awty.spi.DialectSelections;

/**
 * MySQL's and MariaDB's way to rows named by a sub-select: the selected ids materialized first and the table read by
 * primary key, and reads after a change that see the latest committed rows. Where the caller's joined tables must
 * be read first, the dialect says how ({@link MariaDbDialect}).
 */
final class MySqlFamilySelections implements DialectSelections {

	// "id IN (sub-select)" read the whole table on tables without statistics (each row probed in the sub-select), and
	// MySQL refuses a sub-select on the table being updated (error 1093). The selected ids are materialized first
	// (DISTINCT keeps the derived table from being merged, and counts each row once), then the table is read by
	// primary key: STRAIGHT_JOIN fixes that order, which is right whatever the statistics say.
	private static final String SELECTED_ROWS = """
			(SELECT DISTINCT awty_s.id FROM (%2$s) awty_s) awty_ids STRAIGHT_JOIN %1$s ON %1$s.id = awty_ids.id""";

	private static final String ID_IN_SUB_SELECT = "TRUE";

	private final @Nullable String joinedTablesFirst;

	private final String withJoinedTablesFirst;

	/** The caller's joins in the order the database picks. */
	MySqlFamilySelections() {
		this(null, "%s");
	}

	MySqlFamilySelections(@Nullable String joinedTablesFirst, String withJoinedTablesFirst) {
		this.joinedTablesFirst = joinedTablesFirst;
		this.withJoinedTablesFirst = withJoinedTablesFirst;
	}

	/**
	 * A shared lock: it waits for a claim being written, and adds little to what the change before it holds (InnoDB
	 * locks the rows an UPDATE scans at REPEATABLE READ, until the transaction ends).
	 */
	@Override
	public String latestCommittedRead() {
		return " LOCK IN SHARE MODE";
	}

	@Override
	public String selectedRows() {
		return SELECTED_ROWS;
	}

	@Override
	public String idInSubSelect() {
		return ID_IN_SUB_SELECT;
	}

	@Override
	public @Nullable String joinedTablesFirst() {
		return this.joinedTablesFirst;
	}

	@Override
	public String withJoinedTablesFirst() {
		return this.withJoinedTablesFirst;
	}

}
