package dev.awty.benchmarks.quartz;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Quartz's own tables for PostgreSQL, from the script its jar ships, and the rows a drain gives it: one durable
 * job and one simple trigger per sequence number, as {@code scheduleJob} would write them.
 */
public final class QuartzTables {

	private static final String SCRIPT = "org/quartz/impl/jdbcjobstore/tables_postgres.sql";

	/** Empties a run's triggers, keeping the job; stopped schedulers leave no state for the next to recover. */
	public static final String CLEAR = "DELETE FROM qrtz_simple_triggers; DELETE FROM qrtz_fired_triggers;"
			+ " DELETE FROM qrtz_triggers; DELETE FROM qrtz_scheduler_state";

	public static final String ANALYZE = "VACUUM ANALYZE qrtz_triggers; VACUUM ANALYZE qrtz_simple_triggers;"
			+ " VACUUM ANALYZE qrtz_fired_triggers";

	public static final String COUNT_TRIGGERS = "SELECT count(*) FROM qrtz_triggers";

	private static final String JOB = """
			INSERT INTO qrtz_job_details (sched_name, job_name, job_group, job_class_name, is_durable,
			    is_nonconcurrent, is_update_data, requests_recovery)
			VALUES ('%1$s', '%1$s', '%1$s', '%2$s', true, false, false, false) ON CONFLICT DO NOTHING
			""";

	/** One statement, so that no scheduler sees a trigger before its simple-trigger row. */
	private static final String TRIGGERS = """
			WITH t AS (
			    INSERT INTO qrtz_triggers (sched_name, trigger_name, trigger_group, job_name, job_group,
			        next_fire_time, priority, trigger_state, trigger_type, start_time, misfire_instr)
			    SELECT '%1$s', g::text, '%1$s', '%1$s', '%1$s', (EXTRACT(EPOCH FROM %2$s) * 1000)::bigint, 5,
			        'WAITING', 'SIMPLE', (EXTRACT(EPOCH FROM %2$s) * 1000)::bigint, 0
			    FROM generate_series(%3$d, %4$d) g
			    RETURNING trigger_name)
			INSERT INTO qrtz_simple_triggers (sched_name, trigger_name, trigger_group, repeat_count, repeat_interval,
			    times_triggered)
			SELECT '%1$s', trigger_name, '%1$s', 0, 0, 0 FROM t
			""";

	private QuartzTables() {
	}

	/** The script that creates Quartz's tables (dropping them first). */
	public static String create() {
		try (InputStream in = QuartzTables.class.getClassLoader().getResourceAsStream(SCRIPT)) {
			if (in == null) {
				throw new IllegalStateException(SCRIPT + " is missing from the classpath: is Quartz on it?");
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot read " + SCRIPT, ex);
		}
	}

	/**
	 * Triggers for the sequence numbers {@code first} to {@code first + count - 1}, due at {@code dueAt} (an SQL
	 * expression of {@code g}, the sequence number).
	 */
	public static String rows(long first, long count, String dueAt) {
		return JOB.formatted(QuartzInstance.JOB, QuartzInstance.BenchJob.class.getName()) + ";"
				+ TRIGGERS.formatted(QuartzInstance.JOB, dueAt, first, first + count - 1);
	}

}
