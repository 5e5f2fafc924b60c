package dev.awty.benchmarks.scenario;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.jdbc.core.simple.JdbcClient;

import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.report.Results;
import dev.awty.dialect.PostgresDialect;
import dev.awty.spi.DailyHistoryPartitions;

/**
 * The past days of history the history scenario starts from, added as a DBA adds a past day: a partition named as
 * awty names them, created and attached, then filled with a day of entries at a steady rate.
 */
final class HistoryDays {

	private static final Log logger = LogFactory.getLog(HistoryDays.class);

	// Spread evenly over the day, with a failure every thousand entries: what a day of delivery at a steady rate leaves.
	private static final String FILL_DAY = """
			INSERT INTO %1$s (event_type, row_id, event_id, due_at, finished_at, attempts, check_count, outcome, error,
			                  duration_ms, instance_id)
			SELECT '%2$s', g, '%2$s/' || g || '/1', t, t, 1, 0,
			       CASE WHEN g %% 1000 = 0 THEN 'FAILED' ELSE 'DELIVERED' END,
			       CASE WHEN g %% 1000 = 0 THEN 'IllegalStateException: broker down' END, 3, 'bench-1'
			FROM generate_series(1, %3$d) g
			CROSS JOIN LATERAL (SELECT TIMESTAMPTZ '%4$s' + (g - 1) * (86400.0 / %3$d) * INTERVAL '1 second' AS t) day
			""";

	private static final String PARTITION_BYTES = "SELECT pg_total_relation_size('%s')";

	private static final String HISTORY_BYTES = """
			SELECT COALESCE(SUM(pg_total_relation_size(inhrelid)), 0) FROM pg_inherits
			WHERE inhparent = 'awty_delivery_log'::regclass
			""";

	private HistoryDays() {
	}

	/**
	 * Fills the {@code days} days before {@code today}, {@code perDay} entries each, and records their size and the
	 * fill rate under {@code scenario}.
	 */
	static void fill(BenchDatabase database, LocalDate today, int days, int perDay, String scenario, Results results) {
		DataSource pool = database.pool("history-fill", 2);
		try {
			DailyHistoryPartitions partitions = new PostgresDialect().dailyHistoryPartitions();
			JdbcClient jdbc = JdbcClient.create(pool);
			if (!Boolean.TRUE.equals(jdbc.sql(partitions.isPartitioned()).query(Boolean.class).single())) {
				throw new IllegalStateException("awty_delivery_log is not partitioned: the history scenario needs a "
						+ "schema created by this version of awty");
			}
			List<Double> fillSeconds = new ArrayList<>();
			for (int ago = days; ago >= 1; ago--) {
				LocalDate day = today.minusDays(ago);
				// as a DBA would add a past day: the partition named as awty names them, created and attached
				jdbc.sql(partitions.createDetached().formatted(dayTable(day))).update();
				jdbc.sql(partitions.attach()
					.formatted(dayTable(day), day + " 00:00:00+00", day.plusDays(1) + " 00:00:00+00")).update();
				long start = System.nanoTime();
				database.execute(FILL_DAY.formatted(dayTable(day), HistoryScenario.TYPE, perDay, day + " 00:00:00+00"));
				fillSeconds.add((System.nanoTime() - start) / 1e9);
				logger.info(String.format("history: filled %s with %,d entries in %.1f s", day, perDay,
						fillSeconds.get(fillSeconds.size() - 1)));
			}
			double dayBytes = database.queryLong(PARTITION_BYTES.formatted(dayTable(today.minusDays(1))));
			results.add(scenario, Results.AWTY, "entries per day", "entries", perDay, 1);
			results.add(scenario, Results.AWTY, "day MB", "MB", dayBytes / 1e6, 1);
			results.add(scenario, Results.AWTY, "bytes per entry", "bytes", dayBytes / perDay, 1);
			results.add(scenario, Results.AWTY, "history MB", "MB", database.queryLong(HISTORY_BYTES) / 1e6, 1);
			results.add(scenario, Results.AWTY, "fill entries/s", "entries/s", perDay / HistoryScenario.median(fillSeconds), 1);
			results.add(scenario, Results.AWTY, "disk free GB", "GB", freeDiskBytes(database) / 1e9, 1);
		}
		finally {
			BenchDatabase.close(pool);
		}
	}

	/** A day's partition of the history, named as {@link DailyHistoryPartitions} says awty names them. */
	private static String dayTable(LocalDate day) {
		return "awty_delivery_log_d" + DateTimeFormatter.BASIC_ISO_DATE.format(day);
	}

	/** The space left where PostgreSQL keeps its data (the root file system when its directory cannot be read). */
	private static long freeDiskBytes(BenchDatabase database) {
		try {
			return Files.getFileStore(Path.of(database.queryString("SHOW data_directory"))).getUsableSpace();
		}
		catch (IOException | RuntimeException ex) {
			try {
				return Files.getFileStore(Path.of("/")).getUsableSpace();
			}
			catch (IOException unreadable) {
				throw new UncheckedIOException(unreadable);
			}
		}
	}

}
