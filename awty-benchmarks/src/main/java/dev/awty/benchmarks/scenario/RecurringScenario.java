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
import dev.awty.benchmarks.quartz.QuartzInstance;
import dev.awty.benchmarks.quartz.QuartzTables;
import dev.awty.benchmarks.report.Results;
import dev.awty.recurring.ScheduleDefinition;

/**
 * {@code recurring}: {@code --schedules} active recurring schedules, the first hundred thousand created through
 * {@code createAll} (its rate is measured), the rest bulk-loaded and left without statistics, as right after a
 * migration. Then {@code --occurrence-rate} of them come due at each second for {@code --duration}: each fires
 * on a cron expression every {@value #PERIOD_SECONDS} s ({@code 3/10 * * * * *}), as cron schedules come due
 * together at whole seconds. Lag is the consumer's receive time minus the occurrence's time; every occurrence is
 * checked received exactly once. Quartz then runs the same schedules as cron triggers in its clustered JDBC job
 * store. Also reports awty's table and index size per million schedules. awty runs with its recurring defaults,
 * after one unrecorded repetition that warms its delivery path up, and then again while {@code --create-rate}
 * schedules a minute are created through {@code createAll} ({@code awty creating}), so that the lag with and
 * without creation can be compared.
 */
final class RecurringScenario implements Scenario {

	private static final Log logger = LogFactory.getLog(RecurringScenario.class);

	private static final int API_SCHEDULES = 100_000;

	private static final int API_BATCH = 10_000;

	static final int PERIOD_SECONDS = 10;

	private static final String BULK = """
			INSERT INTO awty_schedule (id, expression, time_zone, misfire_policy, enabled, version, next_fire_at,
			    attempts, created_at, updated_at)
			SELECT 'bulk-' || g, '@daily', 'UTC', 'fire-once', TRUE, 1,
			    date_trunc('day', CURRENT_TIMESTAMP) + INTERVAL '1 day', 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP
			FROM generate_series(1, %d) g
			""";

	/**
	 * Schedules 1..K fire every period from {@code t0}, {@code rate} of them at each second. Like an update through
	 * the API, it raises the version and drops any claim, so that an outcome awty is recording for an occurrence
	 * still in flight is fenced out and the schedule is claimable at once (a claim kept would hold it until its
	 * lease ran out); it skips the rows such an outcome holds locked and is repeated until every row is marked
	 * {@code %5$s} in its payload, so it never waits for awty's locks while holding its own (no deadlock).
	 */
	private static final String STEADY = """
			UPDATE awty_schedule
			SET expression = ((CAST(substr(id, 6) AS INT) - 1) / %3$d) %% %1$d || '/%1$d * * * * *',
			    next_fire_at = TIMESTAMPTZ '%2$s' + ((CAST(substr(id, 6) AS INT) - 1) / %3$d) %% %1$d * INTERVAL '1 second',
			    payload = '%5$s', version = version + 1, claimed_by = NULL, claimed_until = NULL
			WHERE id IN (SELECT id FROM awty_schedule
			    WHERE id IN (SELECT 'bulk-' || g FROM generate_series(1, %4$d) g) AND payload IS DISTINCT FROM '%5$s'
			    FOR UPDATE SKIP LOCKED)
			""";

	/** The same for taking schedules 1..K back to a daily occurrence, marked {@code quiet}. */
	private static final String QUIET = """
			UPDATE awty_schedule SET expression = '@daily',
			    next_fire_at = date_trunc('day', CURRENT_TIMESTAMP) + INTERVAL '1 day', payload = 'quiet',
			    version = version + 1, claimed_by = NULL, claimed_until = NULL
			WHERE id IN (SELECT id FROM awty_schedule
			    WHERE id IN (SELECT 'bulk-' || g FROM generate_series(1, %d) g) AND payload IS DISTINCT FROM 'quiet'
			    FOR UPDATE SKIP LOCKED)
			""";

	private static final String NOT_MARKED = """
			SELECT count(*) FROM awty_schedule
			WHERE id IN (SELECT 'bulk-' || g FROM generate_series(1, %d) g) AND payload IS DISTINCT FROM '%s'
			""";

	/** The next whole ten seconds at least three seconds from now, by the database's clock. */
	private static final String T0 = """
			SELECT to_char(to_timestamp(ceil((EXTRACT(EPOCH FROM CURRENT_TIMESTAMP) + 3) / 10) * 10) AT TIME ZONE 'UTC',
			    'YYYY-MM-DD"T"HH24:MI:SS"Z"')
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
		AtomicReference<SteadyOccurrences> current = new AtomicReference<>();
		try (AwtyInstances awty = AwtyInstances.startRecurring(database, new Receiver(0),
				(id, at) -> current.get().received(id, at), Map.of())) {
			create(database, awty, created, results);
			long start = System.nanoTime();
			database.execute(BULK.formatted(options.schedules() - created));
			logger.info(String.format("recurring: %,d schedules bulk-loaded in %.1f s, no ANALYZE",
					options.schedules() - created, (System.nanoTime() - start) / 1e9));
			sizes(database, results);
			plans(database, results);
			// Repetition 0 warms the delivery path up, as the other scenarios' warm-up runs do; it is not recorded.
			for (int rep = 0; rep <= options.repetitions(); rep++) {
				fire(database, steady, current, "rep-" + rep, Results.AWTY, rep, (rep == 0) ? new Results() : results);
			}
			for (int rep = 1; rep <= options.repetitions(); rep++) {
				try (LiveCreation creation = LiveCreation.start(awty.recurringSchedules(), options.createRate(),
						"live-" + rep + "-")) {
					fire(database, steady, current, "live-" + rep, Results.AWTY_CREATING, rep, results);
					creation.close();
					results.add(name(), Results.AWTY_CREATING, "created/min", "schedules/min", creation.perMinute(), rep);
					logger.info(String.format("recurring %-16s rep %d: %,d schedules created through createAll while"
							+ " firing, %,.0f a minute", Results.AWTY_CREATING, rep, creation.created(),
							creation.perMinute()));
				}
			}
		}
		if (options.quartz()) {
			// Quartz runs on the same database, without awty's rows beside its own
			database.execute("DELETE FROM awty_schedule");
			quartz(database, steady, results);
		}
	}

	/** Makes schedules 1..K fire for the measured window, records their lag, and takes them back to daily. */
	private void fire(BenchDatabase database, int steady, AtomicReference<SteadyOccurrences> current, String marker,
			String system, int rep, Results results) {
		Options options = database.options();
		SteadyOccurrences occurrences = steady(database, steady, current);
		updateAll(database, STEADY.formatted(PERIOD_SECONDS, occurrences.t0(), options.occurrenceRate(), steady, marker),
				steady, marker);
		record(database, occurrences, system, rep, results);
		updateAll(database, QUIET.formatted(steady), steady, "quiet");
	}

	/** Runs {@code update} until none of schedules 1..K lacks {@code marker}. */
	private static void updateAll(BenchDatabase database, String update, int steady, String marker) {
		long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
		do {
			database.execute(update);
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("recurring: schedules stayed locked for a minute");
			}
		}
		while (database.queryLong(NOT_MARKED.formatted(steady, marker)) > 0);
	}

	private void quartz(BenchDatabase database, int steady, Results results) {
		Options options = database.options();
		for (int rep = 1; rep <= options.repetitions(); rep++) {
			database.execute(QuartzTables.CLEAR);
			AtomicReference<SteadyOccurrences> current = new AtomicReference<>();
			SteadyOccurrences occurrences = steady(database, steady, current);
			database.execute(QuartzTables.cronRows(options.schedules(), steady, options.occurrenceRate(),
					occurrences.t0().toEpochMilli()));
			try (QuartzInstance quartz = QuartzInstance.start(database, occurrences::received)) {
				record(database, occurrences, Results.QUARTZ, rep, results);
			}
		}
		database.execute(QuartzTables.CLEAR);
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

	private void plans(BenchDatabase database, Results results) {
		Map<String, String> plans = SchedulePlans.explain(database);
		List<String> scans = SchedulePlans.sequentialScans(plans);
		results.add(name(), Results.AWTY, "statements reading the table whole", "statements", scans.size(), 1);
		plans.forEach((statement, plan) -> logger.info(String.format("recurring: plan of the %s, no statistics:%n%s",
				statement, plan)));
		if (!scans.isEmpty()) {
			logger.warn("recurring: " + scans + " read awty_schedule whole");
		}
	}

	private static SteadyOccurrences steady(BenchDatabase database, int steady,
			AtomicReference<SteadyOccurrences> current) {
		Options options = database.options();
		int fires = (int) Math.max(1, options.duration().toSeconds() / PERIOD_SECONDS);
		SteadyOccurrences occurrences = new SteadyOccurrences(new Receiver(steady * fires),
				Instant.parse(database.queryString(T0)), options.occurrenceRate(), steady, fires);
		current.set(occurrences);
		return occurrences;
	}

	/**
	 * Waits for the occurrences and records their lag. A system that falls behind is given a minute after the
	 * last occurrence was due; its p99 is then at least that minute, which is what is recorded.
	 */
	private void record(BenchDatabase database, SteadyOccurrences occurrences, String system, int rep,
			Results results) {
		Receiver receiver = occurrences.receiver();
		Instant lastDue = occurrences.t0().plusSeconds((long) occurrences.fires() * PERIOD_SECONDS);
		Duration grace = Duration.ofSeconds(60);
		boolean all = receiver.await(Duration.between(Instant.now(), lastDue).plus(grace));
		results.delivered(name(), system, rep, receiver.expected(), receiver.received(), receiver.duplicates());
		double p99 = receiver.lagMillis(0.99);
		long missing = receiver.expected() - receiver.received();
		if (missing > receiver.expected() / 100) {
			p99 = Double.isNaN(p99) ? grace.toMillis() : Math.max(p99, grace.toMillis());
		}
		else if (all) {
			receiver.verifyExactlyOnce(system);
		}
		results.add(name(), system, "lag p50", "ms", receiver.lagMillis(0.50), rep);
		results.add(name(), system, "lag p99", "ms", p99, rep);
		logger.info(String.format("recurring %-16s rep %d: %,d of %,d occurrences at %,d/s among %,d schedules, %d"
				+ " duplicate(s): lag p50 %.1f ms, p99 %s%.1f ms", system, rep, receiver.received(),
				receiver.expected(), database.options().occurrenceRate(), database.options().schedules(),
				receiver.duplicates(), receiver.lagMillis(0.50), all ? "" : ">= ", p99));
		List<String> late = BurstLags.late(receiver, occurrences.t0(), occurrences.rate(), occurrences.steady(),
				occurrences.fires(), PERIOD_SECONDS);
		logger.info(String.format("recurring %-16s rep %d: %d of %d bursts had an occurrence later than 50 ms%s", system,
				rep, late.size(), occurrences.fires() * PERIOD_SECONDS, late.isEmpty() ? "" : "\n  " + String.join("\n  ", late)));
	}

	/**
	 * Numbers each occurrence of the steady schedules for the {@link Receiver}: schedule {@code bulk-k}'s
	 * {@code j}-th occurrence is {@code j × steady + k - 1}; occurrences after the measured window are not counted.
	 */
	private record SteadyOccurrences(Receiver receiver, Instant t0, int rate, int steady, int fires) {

		void received(String scheduleId, Instant at) {
			if (!scheduleId.startsWith("bulk-")) {
				return;
			}
			int k = Integer.parseInt(scheduleId.substring("bulk-".length())) - 1;
			Instant first = this.t0.plusSeconds((k / this.rate) % PERIOD_SECONDS);
			long j = Math.round(Duration.between(first, at).toMillis() / (PERIOD_SECONDS * 1000.0));
			if (k < this.steady && j >= 0 && j < this.fires) {
				this.receiver.receive(j * this.steady + k, at);
			}
		}

	}

}
