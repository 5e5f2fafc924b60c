package dev.awty.dialect;

import dev.awty.spi.DialectSchema;
import dev.awty.spi.SchemaInitializationLock;

/**
 * MySQL's and MariaDB's statements for tables: a scheduled table's pending index, and the named lock under which
 * instances take turns to create awty's tables.
 */
final class MySqlFamilySchema implements DialectSchema {

	private static final String PENDING_INDEX = "CREATE INDEX %1$s_pending_due ON %1$s (status, due_at)";

	// A named lock is per server: the name carries the database (hashed, as names are limited to 64 characters), so
	// that services on other databases of the same server do not wait for each other. Tried without waiting (0 s):
	// the initializer waits between tries, so that its wait is bounded and a stop is honoured meanwhile.
	private static final String TRY_LOCK_SCHEMA_INITIALIZATION = """
			SELECT GET_LOCK(CONCAT('awty_schema_', MD5(COALESCE(DATABASE(), ''))), 0)
			""";

	private static final String UNLOCK_SCHEMA_INITIALIZATION = """
			SELECT RELEASE_LOCK(CONCAT('awty_schema_', MD5(COALESCE(DATABASE(), ''))))
			""";

	private static final String SCHEMA_INITIALIZATION_HOLDERS = """
			SELECT CONCAT('connection ', p.ID, ' (user ', p.USER, ', client ', p.HOST, ', ', p.COMMAND, ' for ', p.TIME, ' s)')
			FROM information_schema.PROCESSLIST p
			WHERE p.ID = IS_USED_LOCK(CONCAT('awty_schema_', MD5(COALESCE(DATABASE(), ''))))
			""";

	@Override
	public String pendingIndex(String table) {
		return PENDING_INDEX.formatted(table);
	}

	@Override
	public SchemaInitializationLock initializationLock() {
		return new SchemaInitializationLock(TRY_LOCK_SCHEMA_INITIALIZATION, UNLOCK_SCHEMA_INITIALIZATION,
				SCHEMA_INITIALIZATION_HOLDERS);
	}

}
