package dev.awty.dialect;

/**
 * MySQL 8.0 and later (the first with {@code FOR UPDATE SKIP LOCKED}); the SQL is shared with MariaDB, see
 * {@link MySqlFamilyDialect}.
 */
public final class MySqlDialect extends MySqlFamilyDialect {

	@Override
	public String name() {
		return "mysql";
	}

}
