package dev.awty.benchmarks.quartz;

/**
 * The rows the scenarios give Quartz's tables ({@code QuartzSchema} creates them): a job and a trigger per row or
 * schedule, as {@code scheduleJob(job, trigger)} would write them.
 */
public final class QuartzTables {

	public static final String COUNT_TRIGGERS = "SELECT count(*) FROM qrtz_triggers";

	/**
	 * One job per trigger, named as its trigger, as an application gives each row or tenant its own job; a job shared
	 * by every trigger makes Quartz count the job's triggers on every firing.
	 */
	private static final String JOBS = """
			INSERT INTO qrtz_job_details (sched_name, job_name, job_group, job_class_name, is_durable,
			    is_nonconcurrent, is_update_data, requests_recovery)
			SELECT '%1$s', %3$s, '%1$s', '%2$s', false, false, false, false FROM generate_series(%4$d, %5$d) g;
			ANALYZE qrtz_job_details;
			""";

	/**
	 * In one transaction, so that no scheduler sees a trigger before its simple-trigger row; the triggers are
	 * analyzed before their simple-trigger rows go in, or the foreign key's check scans the whole table per row.
	 */
	private static final String TRIGGERS = """
			INSERT INTO qrtz_triggers (sched_name, trigger_name, trigger_group, job_name, job_group, next_fire_time,
			    priority, trigger_state, trigger_type, start_time, misfire_instr)
			SELECT '%1$s', g::text, '%1$s', g::text, '%1$s', (EXTRACT(EPOCH FROM %2$s) * 1000)::bigint, 5, 'WAITING',
			    'SIMPLE', (EXTRACT(EPOCH FROM %2$s) * 1000)::bigint, 0
			FROM generate_series(%3$d, %4$d) g;
			ANALYZE qrtz_triggers;
			INSERT INTO qrtz_simple_triggers (sched_name, trigger_name, trigger_group, repeat_count, repeat_interval,
			    times_triggered)
			SELECT '%1$s', g::text, '%1$s', 0, 0, 0 FROM generate_series(%3$d, %4$d) g;
			COMMIT
			""";

	/**
	 * Cron triggers {@code bulk-1} to {@code bulk-N}, as the recurring scenario gives awty its schedules: the first
	 * {@code steady} fire every ten seconds, {@code rate} of them at each second from {@code t0} (epoch ms, a
	 * multiple of ten seconds); the rest daily at 02:00, next tomorrow.
	 */
	private static final String CRON_TRIGGERS = """
			INSERT INTO qrtz_triggers (sched_name, trigger_name, trigger_group, job_name, job_group, next_fire_time,
			    priority, trigger_state, trigger_type, start_time, misfire_instr)
			SELECT '%1$s', 'bulk-' || g, '%1$s', 'bulk-' || g, '%1$s',
			    CASE WHEN g <= %3$d THEN %2$d + ((g - 1) / %4$d) %% 10 * 1000
			         ELSE (EXTRACT(EPOCH FROM date_trunc('day', CURRENT_TIMESTAMP) + INTERVAL '26 hours') * 1000)::bigint
			    END, 5, 'WAITING', 'CRON', %2$d, 0
			FROM generate_series(1, %5$d) g;
			ANALYZE qrtz_triggers;
			INSERT INTO qrtz_cron_triggers (sched_name, trigger_name, trigger_group, cron_expression, time_zone_id)
			SELECT '%1$s', 'bulk-' || g, '%1$s',
			    CASE WHEN g <= %3$d THEN ((g - 1) / %4$d) %% 10 || '/10 * * * * ?' ELSE '0 0 2 * * ?' END, 'UTC'
			FROM generate_series(1, %5$d) g;
			COMMIT
			""";

	private QuartzTables() {
	}

	/**
	 * Triggers for the sequence numbers {@code first} to {@code first + count - 1}, due at {@code dueAt} (an SQL
	 * expression of {@code g}, the sequence number).
	 */
	public static String rows(long first, long count, String dueAt) {
		return "BEGIN;" + JOBS.formatted(QuartzInstance.JOB, QuartzInstance.BenchJob.class.getName(), "g::text", first,
				first + count - 1) + TRIGGERS.formatted(QuartzInstance.JOB, dueAt, first, first + count - 1);
	}

	/** See {@link #CRON_TRIGGERS}: {@code total} triggers, {@code steady} of them firing {@code rate} a second. */
	public static String cronRows(int total, int steady, int rate, long t0Millis) {
		return "BEGIN;" + JOBS.formatted(QuartzInstance.JOB, QuartzInstance.BenchJob.class.getName(), "'bulk-' || g", 1,
				total) + CRON_TRIGGERS.formatted(QuartzInstance.JOB, t0Millis, steady, rate, total);
	}

}
