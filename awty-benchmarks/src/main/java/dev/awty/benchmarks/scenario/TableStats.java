package dev.awty.benchmarks.scenario;

import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.report.Results;

/**
 * What PostgreSQL's statistics say about a system's tables at one moment: row versions written (updated, of which
 * HOT, and deleted), dead tuples not yet vacuumed, the size of the hot table's indexes, and vacuum runs. Backends
 * publish their counts within about a second, so a reading taken right after the load trails it slightly.
 */
record TableStats(long updates, long hotUpdates, long deletes, long deadTuples, long indexBytes, long vacuums) {

	private static final String READ = """
			SELECT coalesce(sum(n_tup_upd), 0), coalesce(sum(n_tup_hot_upd), 0), coalesce(sum(n_tup_del), 0),
			       coalesce(sum(n_dead_tup), 0),
			       coalesce(sum(pg_indexes_size(relid)) FILTER (WHERE relname = '%1$s'), 0),
			       coalesce(sum(autovacuum_count + vacuum_count), 0)
			FROM pg_stat_user_tables
			WHERE schemaname = current_schema() AND (%2$s)
			""";

	/** awty's tables: the event table and the starter's own (history, locks, recurring schedules). */
	private static final String AWTY_TABLES = "relname = '" + BenchDatabase.AWTY + "' OR relname LIKE 'awty%' OR relname = 'shedlock'";

	private static final String DB_SCHEDULER_TABLES = "relname = 'scheduled_tasks'";

	/** The raw loops' one table. */
	private static final String RAW_TABLES = "relname = '" + BenchDatabase.RAW + "'";

	/** The tables of {@code system}: db-scheduler's, the raw loops', or else awty's. */
	static TableStats read(BenchDatabase database, String system) {
		String sql;
		if (system.startsWith(Results.DB_SCHEDULER)) {
			sql = READ.formatted("scheduled_tasks", DB_SCHEDULER_TABLES);
		}
		else if (system.equals(Results.RAW_RELAY) || system.equals(Results.RAW_CLAIM_MARK)) {
			sql = READ.formatted(BenchDatabase.RAW, RAW_TABLES);
		}
		else {
			sql = READ.formatted(BenchDatabase.AWTY, AWTY_TABLES);
		}
		return database.query(sql, (rs) -> new TableStats(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4),
				rs.getLong(5), rs.getLong(6)));
	}

	TableStats since(TableStats before) {
		return new TableStats(this.updates - before.updates, this.hotUpdates - before.hotUpdates,
				this.deletes - before.deletes, this.deadTuples - before.deadTuples, this.indexBytes, this.vacuums - before.vacuums);
	}

}
