package dev.awty.benchmarks.scenario;

import dev.awty.benchmarks.harness.BenchDatabase;

/**
 * Fills the systems' tables with rows numbered from {@code first}, in one statement each, outside any
 * measured time.
 */
final class Rows {

	private static final String AWTY_ROWS = """
			INSERT INTO %s (seq, due_at)
			SELECT g, %s FROM generate_series(%d, %d) g
			""";

	/** As {@link #AWTY_ROWS}, each row with the trace context of a request that scheduled it, one trace per row. */
	private static final String TRACED_AWTY_ROWS = """
			INSERT INTO %s (seq, due_at, trace_parent)
			SELECT g, %s, '00-' || lpad(to_hex(abs(g) + 1), 32, '0') || '-00f067aa0ba902b7-01'
			FROM generate_series(%d, %d) g
			""";

	private static final String DB_SCHEDULER_ROWS = """
			INSERT INTO scheduled_tasks (task_name, task_instance, execution_time, picked, version, priority)
			SELECT 'bench', '%s' || abs(g), %s, false, 1, 0 FROM generate_series(%d, %d) g
			""";

	/** Due now: ten seconds ago plus a microsecond per row, so the rows have a due order. */
	static final String DUE_NOW = "CURRENT_TIMESTAMP - INTERVAL '10 seconds' + (g - %d) * INTERVAL '1 microsecond'";

	/** Due in 2 to 30 days, spread evenly. */
	static final String DUE_IN_DAYS = "CURRENT_TIMESTAMP + INTERVAL '2 days' + (abs(g) %% 2419200) * INTERVAL '1 second'";

	static final String DUE_IN_30_DAYS = "CURRENT_TIMESTAMP + INTERVAL '30 days'";

	private Rows() {
	}

	static void awty(BenchDatabase database, String table, long first, long count, String dueAt) {
		database.execute(AWTY_ROWS.formatted(table, dueAt.formatted(first), first, first + count - 1));
	}

	/**
	 * awty rows that keep a trace context (the optional {@code trace_parent} column), which only an instance with a
	 * tracer reads: drain runs awty with and without one on the same rows.
	 */
	static void tracedAwty(BenchDatabase database, String table, long first, long count, String dueAt) {
		database.execute(TRACED_AWTY_ROWS.formatted(table, dueAt.formatted(first), first, first + count - 1));
	}

	/**
	 * Gives a raw loop's table the statistics of the rows just loaded, as autovacuum's analyze gives a service's
	 * table that has been in use. Without them, on a table emptied and vacuumed before the repetition, PostgreSQL
	 * planned the raw loops' claim as a bitmap scan of every pending row and a sort, at every claim: the raw SQL drain
	 * ran at 21,000 events/s instead of 45,000, and the outbox relay's repetitions jumped whenever autovacuum or the
	 * plan cache gave it the index scan. db-scheduler's table is left as loaded: it drained at the same rate with
	 * statistics and without. awty's claim is planned to walk its index whatever the statistics, so awty's rows need
	 * none either.
	 */
	static void analyze(BenchDatabase database, String table) {
		database.execute("ANALYZE " + table);
	}

	/** Instance ids are the sequence number, or {@code b} and its absolute value for backlog rows. */
	static void dbScheduler(BenchDatabase database, long first, long count, String dueAt) {
		database.execute(DB_SCHEDULER_ROWS.formatted((first < 0) ? "b" : "", dueAt.formatted(first), first,
				first + count - 1));
	}

}
