package dev.awty.dialect;

import dev.awty.spi.DialectSchema;
import dev.awty.spi.SchemaInitializationLock;

/**
 * PostgreSQL's statements for tables: a scheduled table's pending-only index and storage settings (and the query of a
 * table that lacks them), and the advisory lock under which instances take turns to create awty's tables.
 */
final class PostgresSchema implements DialectSchema {

	private static final String PENDING_INDEX = "CREATE INDEX %1$s_pending_due ON %1$s (due_at) WHERE status = 'PENDING'";

	// The claim changes no indexed column: with room left on the row's page its new version is HOT, and adds no entry
	// to any of the table's indexes. Rows claimed together are often all the rows of a page (created or loaded in due
	// order), so the room is for one more version of each: half the page. Vacuum by count of dead tuples: delivery
	// leaves two per row (docs/postgresql.md).
	private static final String TABLE_STORAGE = """
			ALTER TABLE %1$s SET (fillfactor = 50, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 10000)""";

	// to_regclass resolves the name as the session's statements do (search_path, or the schema given); a table without
	// options of its own has NULL reloptions, which unnest reads as none.
	private static final String TABLE_STORAGE_MISSING = """
			SELECT 1 FROM pg_class WHERE oid = to_regclass(?)
			  AND NOT EXISTS (SELECT 1 FROM unnest(reloptions) AS setting WHERE setting LIKE 'fillfactor=%')""";

	// Instances starting at once on an empty schema would race on Liquibase's own changelog tables, which are created
	// before Liquibase's lock table can protect anything. The key is per schema: replicas of other services sharing
	// the database do not wait for each other. Held by the transaction, never by the session: behind PgBouncer in
	// transaction pooling mode the statement releasing a session-level lock ran on another server connection, and the
	// lock stayed on the pooled one for every later start to wait on. The key is the one earlier versions took with
	// pg_advisory_lock, so that instances of both still take turns. The application name shows the holder to waiters.
	private static final String TRY_LOCK_SCHEMA_INITIALIZATION = """
			SELECT pg_try_advisory_xact_lock(hashtext('awty_schema_initialization:' || current_schema())),
			       set_config('application_name', :holder, true)
			""";

	// A bigint advisory key is shown in pg_locks as its high half in classid and its low half in objid.
	private static final String SCHEMA_INITIALIZATION_HOLDERS = """
			SELECT format('PostgreSQL process %s (application_name ''%s'', client %s, %s since %s)', a.pid,
			              a.application_name, COALESCE(host(a.client_addr), 'local'),
			              CASE WHEN a.xact_start IS NULL THEN 'session-level lock, connected' ELSE 'in a transaction' END,
			              COALESCE(a.xact_start, a.backend_start))
			FROM pg_locks l
			JOIN pg_stat_activity a ON a.pid = l.pid
			CROSS JOIN (SELECT hashtext('awty_schema_initialization:' || current_schema())::bigint AS key) k
			WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
			  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
			  AND l.classid = ((k.key >> 32) & 4294967295)::oid AND l.objid = (k.key & 4294967295)::oid
			""";

	@Override
	public String pendingIndex(String table) {
		return PENDING_INDEX.formatted(table);
	}

	@Override
	public String tableStorage(String table) {
		return TABLE_STORAGE.formatted(table);
	}

	@Override
	public String tableStorageMissing() {
		return TABLE_STORAGE_MISSING;
	}

	@Override
	public SchemaInitializationLock initializationLock() {
		return new SchemaInitializationLock(TRY_LOCK_SCHEMA_INITIALIZATION, null, SCHEMA_INITIALIZATION_HOLDERS);
	}

}
