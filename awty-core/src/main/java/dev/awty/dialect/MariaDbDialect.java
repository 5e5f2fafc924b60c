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

	// Session settings, the only scope these have: the connection's own values are kept in session variables and put
	// back once the transaction ended, so that the application's transactions on the pooled connection are not bounded.
	// A session idle in a transaction (its client frozen, or cut off by the network) is ended by the server after the
	// bound, and its locks with it; without this, MariaDB keeps it for wait_timeout, eight hours by default.
	private static final String BOUND_TRANSACTION = """
			SET @awty_lock_wait = @@SESSION.innodb_lock_wait_timeout, @awty_idle = @@SESSION.idle_transaction_timeout,
			    SESSION innodb_lock_wait_timeout = %2$d, SESSION idle_transaction_timeout = %2$d""";

	private static final String UNBOUND_SESSION = """
			SET SESSION innodb_lock_wait_timeout = @awty_lock_wait, SESSION idle_transaction_timeout = @awty_idle""";

	public MariaDbDialect() {
		super(new MySqlFamilySelections(JOINED_TABLES_FIRST, WITH_JOINED_TABLES_FIRST),
				new MySqlFamilyPlanning(BOUND_TRANSACTION, UNBOUND_SESSION));
	}

	@Override
	public String name() {
		return "mariadb";
	}

}
