package dev.awty.benchmarks.harness;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Quartz's own tables for PostgreSQL, from the script its jar ships, created and emptied with every system's tables
 * by {@link BenchDatabase}.
 */
public final class QuartzSchema {

	private static final String SCRIPT = "org/quartz/impl/jdbcjobstore/tables_postgres.sql";

	/**
	 * Empties a run's triggers, keeping the job; stopped schedulers leave no state for the next to recover. A
	 * truncate: deleting a million triggers checks every trigger table's foreign key row by row.
	 */
	public static final String CLEAR = "TRUNCATE qrtz_simple_triggers, qrtz_cron_triggers, qrtz_simprop_triggers,"
			+ " qrtz_blob_triggers, qrtz_fired_triggers, qrtz_triggers, qrtz_job_details, qrtz_scheduler_state";

	public static final String ANALYZE = "VACUUM ANALYZE qrtz_triggers; VACUUM ANALYZE qrtz_simple_triggers;"
			+ " VACUUM ANALYZE qrtz_fired_triggers";

	private QuartzSchema() {
	}

	/** The script that creates Quartz's tables (dropping them first). */
	public static String create() {
		try (InputStream in = QuartzSchema.class.getClassLoader().getResourceAsStream(SCRIPT)) {
			if (in == null) {
				throw new IllegalStateException(SCRIPT + " is missing from the classpath: is Quartz on it?");
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot read " + SCRIPT, ex);
		}
	}

}
