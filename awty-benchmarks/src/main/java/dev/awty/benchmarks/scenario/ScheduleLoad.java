package dev.awty.benchmarks.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.benchmarks.awty.AwtyInstances;
import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.report.Results;
import dev.awty.recurring.ScheduleDefinition;

/**
 * The {@code recurring} scenario's schedules before any fires: the first hundred thousand created through
 * {@code createAll} (its rate is measured), the rest bulk-loaded and left without statistics, as right after a
 * migration; then the table's size per million schedules and the plans of the statements run per occurrence.
 */
final class ScheduleLoad {

	private static final Log logger = LogFactory.getLog(ScheduleLoad.class);

	private static final int API_SCHEDULES = 100_000;

	private static final int API_BATCH = 10_000;

	private static final String BULK = """
			INSERT INTO awty_schedule (id, expression, time_zone, misfire_policy, enabled, version, next_fire_at,
			    attempts, created_at, updated_at)
			SELECT 'bulk-' || g, '@daily', 'UTC', 'fire-once', TRUE, 1,
			    date_trunc('day', CURRENT_TIMESTAMP) + INTERVAL '1 day', 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP
			FROM generate_series(1, %d) g
			""";

	private final String scenario;

	private final BenchDatabase database;

	private final Results results;

	ScheduleLoad(String scenario, BenchDatabase database, Results results) {
		this.scenario = scenario;
		this.database = database;
		this.results = results;
	}

	/** How many of {@code total} schedules {@link #load} creates through the API; the rest are bulk-loaded. */
	static int createdThroughApi(int total) {
		return Math.min(API_SCHEDULES, total / 2);
	}

	/** Creates and bulk-loads {@code total} schedules, then records their size and plans. */
	void load(AwtyInstances awty, int total) {
		int created = createdThroughApi(total);
		create(awty, created);
		long start = System.nanoTime();
		this.database.execute(BULK.formatted(total - created));
		logger.info(String.format("recurring: %,d schedules bulk-loaded in %.1f s, no ANALYZE", total - created,
				(System.nanoTime() - start) / 1e9));
		sizes();
		plans();
	}

	private void create(AwtyInstances awty, int count) {
		// A warmed-up JVM, as in a service that has been running for a while.
		awty.recurringSchedules().createAll(definitions("warm-up-", 0, Math.min(API_BATCH, count)));
		this.database.execute("DELETE FROM awty_schedule");
		long start = System.nanoTime();
		for (int from = 0; from < count; from += API_BATCH) {
			awty.recurringSchedules().createAll(definitions("api-", from, Math.min(API_BATCH, count - from)));
		}
		double perSecond = count / ((System.nanoTime() - start) / 1e9);
		this.results.add(this.scenario, Results.AWTY, "createAll/s", "schedules/s", perSecond, 1);
		logger.info(String.format("recurring: %,d schedules created through createAll in batches of %,d: %,.0f/s",
				count, API_BATCH, perSecond));
	}

	private static List<ScheduleDefinition> definitions(String prefix, int from, int count) {
		List<ScheduleDefinition> definitions = new ArrayList<>(count);
		for (int i = from; i < from + count; i++) {
			definitions.add(ScheduleDefinition.of(prefix + i, "0 2 * * *")
				.withTimeZone("Europe/Berlin")
				.withPayload("{\"tenant\":" + i + "}"));
		}
		return definitions;
	}

	private void sizes() {
		double millions = this.database.queryLong("SELECT count(*) FROM awty_schedule") / 1e6;
		double table = this.database.queryLong("SELECT pg_table_size('awty_schedule')") / 1e6 / millions;
		double indexes = this.database.queryLong("SELECT pg_indexes_size('awty_schedule')") / 1e6 / millions;
		this.results.add(this.scenario, Results.AWTY, "table MB per million", "MB", table, 1);
		this.results.add(this.scenario, Results.AWTY, "indexes MB per million", "MB", indexes, 1);
		logger.info(String.format("recurring: %.0f MB table and %.0f MB indexes per million schedules", table, indexes));
	}

	private void plans() {
		Map<String, String> plans = SchedulePlans.explain(this.database);
		List<String> scans = SchedulePlans.sequentialScans(plans);
		this.results.add(this.scenario, Results.AWTY, "statements reading the table whole", "statements", scans.size(),
				1);
		plans.forEach((statement, plan) -> logger.info(String.format("recurring: plan of the %s, no statistics:%n%s",
				statement, plan)));
		if (!scans.isEmpty()) {
			logger.warn("recurring: " + scans + " read awty_schedule whole");
		}
	}

}
