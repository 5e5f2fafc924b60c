package dev.awty.spi;

import org.jspecify.annotations.Nullable;

/**
 * The SQL a database needs for tables rather than rows: what awty prints in a scheduled table's changeSet (its
 * pending-only index, its storage settings), what start-up checks of an existing table, and the lock under which
 * instances take turns to create awty's own tables. Part of {@link SqlDialect}, through {@link SqlDialect#schema()}.
 */
public interface DialectSchema {

	/** The SQL of the pending-only index recommended for {@code table}. */
	String pendingIndex(String table);

	/**
	 * The statement that gives a new scheduled {@code table} the storage settings recommended for it, printed with
	 * the table's changeSet; {@code null} (the default) where the database's own suit it.
	 */
	default @Nullable String tableStorage(String table) {
		return null;
	}

	/**
	 * A query, its one parameter a scheduled table's name, that returns a row when the table lacks the storage settings
	 * of {@link #tableStorage}, which start-up then logs; {@code null} (the default) where there are none to check.
	 */
	default @Nullable String tableStorageMissing() {
		return null;
	}

	/**
	 * The lock that serializes the creation and upgrade of awty's tables among all instances on the same database (or
	 * schema); {@code null} (the default) where the database has no such lock, and awty retries a failed
	 * initialization instead.
	 */
	default @Nullable SchemaInitializationLock initializationLock() {
		return null;
	}

}
