package dev.awty.dialect;

/**
 * MariaDB 10.6 and later (the first with {@code FOR UPDATE SKIP LOCKED}); the SQL is shared with MySQL, see
 * {@link MySqlFamilyDialect}. A duplicate key error leaves a MariaDB transaction usable, so inserts that may hit a
 * unique key need no special clause.
 */
public final class MariaDbDialect extends MySqlFamilyDialect {

	@Override
	public String name() {
		return "mariadb";
	}

}
