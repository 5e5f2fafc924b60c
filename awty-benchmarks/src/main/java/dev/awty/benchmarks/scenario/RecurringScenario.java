package dev.awty.benchmarks.scenario;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.benchmarks.BenchDatabase;
import dev.awty.benchmarks.Options;
import dev.awty.benchmarks.Receiver;
import dev.awty.benchmarks.awty.AwtyInstances;
import dev.awty.benchmarks.report.Results;
import dev.awty.recurring.ScheduleDefinition;

/**
 * {@code recurring}: {@code --schedules} active recurring schedules, the first hundred thousand created through
 * {@code createAll} (its rate is measured), the rest bulk-loaded and left without statistics, as right after a
 * migration. Then {@code --occurrence-rate} of them a second come due, evenly spread, for {@code --duration}: each
 * fires {@code @every} {@value #PERIOD_SECONDS} s. Lag is the consumer's receive time minus the occurrence's time;
 * every occurrence is checked received exactly once. Also reports the table's and its indexes' size per million
 * schedules. awty runs with its recurring defaults.
 */
final class RecurringScenario implements Scenario {

	private static final Log logger = LogFactory.getLog(RecurringScenario.class);

	private static final int API_SCHEDULES = 100_000;

	private static final int API_BATCH = 10_000;

	private static final int PERIOD_SECONDS = 10;

	private static final String BULK = """
			INSERT INTO awty_schedule (id, expression, time_zone, misfire_policy, enabled, version, next_fire_at,
			    attempts, created_at, updated_at)
			SELECT 'bulk-' || g, '@daily', 'UTC', 'fire-once', TRUE, 1,
			    date_trunc('day', CURRENT_TIMESTAMP) + INTERVAL '1 day', 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP
			FROM generate_series(1, %d) g
			""";

	/** Schedules 1..K fire every period from {@code t0}, schedule k at {@code t0 + (k - 1) × step}. */
	private static final String STEADY = """
			UPDATE awty_schedule SET expression = '@every %1$ds',
			    next_fire_at = TIMESTAMPTZ '%2$s' + (CAST(substr(id, 6) AS INT) - 1) * %3$d * INTERVAL '1 microsecond'
			WHERE id IN (SELECT 'bulk-' || g FROM generate_series(1, %4$d) g)
			""";

	private static final String QUIET = """
			UPDATE awty_schedule SET expression = '@daily',
			    next_fire_at = date_trunc('day', CURRENT_TIMESTAMP) + INTERVAL '1 day'
			WHERE id IN (SELECT 'bulk-' || g FROM generate_series(1, %d) g)
			""";

	@Override
	public String name() {
		return "recurring";
	}

	@Override
	public void run(BenchDatabase database, Results results) {
		Options options = database.options();
		int steady = options.occurrenceRate() * PERIOD_SECONDS;
		int created = Math.min(API_SCHEDULES, options.schedules() / 2);
		if (options.schedules() - created < steady) {
			throw new IllegalArgumentException("--schedules " + options.schedules() + " leaves too few for "
					+ options.occurrenceRate() + " occurrences/s every " + PERIOD_SECONDS + " s: give at least "
					+ 2 * steady);
		}
		AtomicReference<Occurrences> current = new AtomicReference<>();
		try (AwtyInstances awty = AwtyInstances.startRecurring(database, new Receiver(0),
				(id, at) -> current.get().received(id, at), Map.of())) {
			create(database, awty, created, results);
			long start = System.nanoTime();
			database.execute(BULK.formatted(options.schedules() - created));
			logger.info(String.format("recurring: %,d schedules bulk-loaded in %.1f s, no ANALYZE",
					options.schedules() - created, (System.nanoTime() - start) / 1e9));
			sizes(database, results);
			for (int rep = 1; rep <= options.repetitions(); rep++) {
				fire(database, steady, current, rep, results);
			}
		}
	}

	private void create(BenchDatabase database, AwtyInstances awty, int count, Results results) {
		// A warmed-up JVM, as in a service that has been running for a while.
		awty.recurringSchedules().createAll(definitions("warm-up-", 0, Math.min(API_BATCH, count)));
		database.execute("DELETE FROM awty_schedule");
		long start = System.nanoTime();
		for (int from = 0; from < count; from += API_BATCH) {
			awty.recurringSchedules().createAll(definitions("api-", from, Math.min(API_BATCH, count - from)));
		}
		double perSecond = count / ((System.nanoTime() - start) / 1e9);
		results.add(name(), Results.AWTY, "createAll/s", "schedules/s", perSecond, 1);
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

	private void sizes(BenchDatabase database, Results results) {
		double millions = database.queryLong("SELECT count(*) FROM awty_schedule") / 1e6;
		double table = database.queryLong("SELECT pg_table_size('awty_schedule')") / 1e6 / millions;
		double indexes = database.queryLong("SELECT pg_indexes_size('awty_schedule')") / 1e6 / millions;
		results.add(name(), Results.AWTY, "table MB per million", "MB", table, 1);
		results.add(name(), Results.AWTY, "indexes MB per million", "MB", indexes, 1);
		logger.info(String.format("recurring: %.0f MB table and %.0f MB indexes per million schedules", table, indexes));
	}

	private void fire(BenchDatabase database, int steady, AtomicReference<Occurrences> current, int rep,
			Results results) {
		Options options = database.options();
		int fires = (int) Math.max(1, options.duration().toSeconds() / PERIOD_SECONDS);
		Instant t0 = Instant.parse(database.queryString(
				"SELECT to_char(date_trunc('second', CURRENT_TIMESTAMP AT TIME ZONE 'UTC') + INTERVAL '3 seconds',"
						+ " 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"));
		long stepMicros = 1_000_000L / options.occurrenceRate();
		Occurrences occurrences = new Occurrences(new Receiver(steady * fires), t0, stepMicros, steady, fires);
		current.set(occurrences);
		database.execute(STEADY.formatted(PERIOD_SECONDS, t0, stepMicros, steady));
		Duration window = Duration.ofSeconds(3L + (long) fires * PERIOD_SECONDS);
		occurrences.receiver().awaitAll(window.plusSeconds(60), name());
		database.execute(QUIET.formatted(steady));
		Receiver receiver = occurrences.receiver();
		results.delivered(name(), Results.AWTY, rep, receiver.expected(), receiver.received(), receiver.duplicates());
		receiver.verifyExactlyOnce(name());
		results.add(name(), Results.AWTY, "lag p50", "ms", receiver.lagMillis(0.50), rep);
		results.add(name(), Results.AWTY, "lag p99", "ms", receiver.lagMillis(0.99), rep);
		logger.info(String.format("recurring rep %d: %,d occurrences at %,d/s among %,d schedules: lag p50 %.1f ms,"
				+ " p99 %.1f ms", rep, receiver.expected(), options.occurrenceRate(), options.schedules(),
				receiver.lagMillis(0.50), receiver.lagMillis(0.99)));
	}

	/**
	 * Numbers each occurrence of the steady schedules for the {@link Receiver}: schedule {@code bulk-k}'s
	 * {@code j}-th occurrence is {@code j × steady + k - 1}; occurrences after the measured window are not counted.
	 */
	private record Occurrences(Receiver receiver, Instant t0, long stepMicros, int steady, int fires) {

		void received(String scheduleId, Instant at) {
			if (!scheduleId.startsWith("bulk-")) {
				return;
			}
			int k = Integer.parseInt(scheduleId.substring("bulk-".length())) - 1;
			Instant first = this.t0.plusNanos(k * this.stepMicros * 1000);
			long j = Math.round(Duration.between(first, at).toMillis() / (PERIOD_SECONDS * 1000.0));
			if (k < this.steady && j >= 0 && j < this.fires) {
				this.receiver.receive(j * this.steady + k, at);
			}
		}

	}

}
