package dev.awty.dialect;

/**
 * MySQL 8.0 and later (the first with {@code FOR UPDATE SKIP LOCKED}); the SQL is shared with MariaDB, see
 * {@link MySqlFamilyDialect}.
 */
public final class MySqlDialect extends MySqlFamilyDialect {

	// A session setting, the only scope it has: the connection's own value is kept in a session variable and put back
	// once the transaction ended. MySQL cannot end a session idle in its transaction sooner than wait_timeout (eight
	// hours by default): docs/limits.md advises lowering it where limited types run.
	private static final String BOUND_TRANSACTION = """
			SET @awty_lock_wait = @@SESSION.innodb_lock_wait_timeout, SESSION innodb_lock_wait_timeout = %2$d""";

	private static final String UNBOUND_SESSION = "SET SESSION innodb_lock_wait_timeout = @awty_lock_wait";

	public MySqlDialect() {
		super(new MySqlFamilySelections(), new MySqlFamilyPlanning(BOUND_TRANSACTION, UNBOUND_SESSION));
	}

	@Override
	public String name() {
		return "mysql";
	}

}
