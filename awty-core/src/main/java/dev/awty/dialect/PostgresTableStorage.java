package dev.awty.dialect;

/**
 * PostgreSQL's storage settings for a scheduled table: the statement that gives them, and the query of a table that
 * lacks them.
 */
final class PostgresTableStorage {

	// The claim changes no indexed column: with room left on the row's page its new version is HOT, and adds no entry
	// to any of the table's indexes. Rows claimed together are often all the rows of a page (created or loaded in due
	// order), so the room is for one more version of each: half the page. Vacuum by count of dead tuples: delivery
	// leaves two per row (docs/postgresql.md).
	private static final String TABLE_STORAGE = """
			ALTER TABLE %1$s SET (fillfactor = 50, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 10000)""";

	// to_regclass resolves the name as the session's statements do (search_path, or the schema given); a table without
	// options of its own has NULL reloptions, which unnest reads as none.
	static final String MISSING = """
			SELECT 1 FROM pg_class WHERE oid = to_regclass(?)
			  AND NOT EXISTS (SELECT 1 FROM unnest(reloptions) AS setting WHERE setting LIKE 'fillfactor=%')""";

	private PostgresTableStorage() {
	}

	static String statement(String table) {
		return TABLE_STORAGE.formatted(table);
	}

}
