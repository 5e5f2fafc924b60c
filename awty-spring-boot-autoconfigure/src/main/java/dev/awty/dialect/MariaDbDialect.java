package dev.awty.dialect;

/**
 * MariaDB 10.6 and later (the first with {@code FOR UPDATE SKIP LOCKED}); the SQL is shared with MySQL, see
 * {@link MySqlFamilyDialect}. A duplicate key error leaves a MariaDB transaction usable, so inserts that may hit a
 * unique key need no special clause.
 */
public final class MariaDbDialect extends MySqlFamilyDialect {

	// InnoDB reports a cardinality of 2 for every index of a table never analyzed (just created or bulk-loaded), so a
	// lookup through the scheduled table's join column looks like half the table: the optimizer read the whole
	// scheduled table, first or through a join buffer. The caller's tables are read first (their condition is why
	// they are joined), then the scheduled rows by the index of their join column (InnoDB indexes every foreign key):
	// STRAIGHT_JOIN fixes that order, and join_cache_level = 0 leaves the optimizer no join buffer to read the whole
	// scheduled table into, whatever the statistics say (max_seeks_for_key = 1 was not enough at 20,000 rows).
	// CONCAT(e.status) keeps the status index out of it: without a join buffer, the 1,000 FAILED rows read through
	// it again for each joined row made a retry take 27 s at 100,000 rows; the status is checked per row instead.
	private static final String JOINED_TABLES_FIRST = """
			FROM (%2$s) STRAIGHT_JOIN %1$s e ON %3$s WHERE CONCAT(e.status) IN (:awtyStatuses)""";

	private static final String WITH_JOINED_TABLES_FIRST = "SET STATEMENT join_cache_level = 0 FOR %s";

	@Override
	public String name() {
		return "mariadb";
	}

	@Override
	public String joinedTablesFirst() {
		return JOINED_TABLES_FIRST;
	}

	@Override
	public String withJoinedTablesFirst() {
		return WITH_JOINED_TABLES_FIRST;
	}

}
