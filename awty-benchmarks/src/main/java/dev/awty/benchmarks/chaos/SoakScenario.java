package dev.awty.benchmarks.chaos;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.EventScheduler;
import dev.awty.benchmarks.awty.AwtyInstances;
import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.harness.Receiver;
import dev.awty.benchmarks.report.Results;
import dev.awty.benchmarks.scenario.Scenario;
import dev.awty.benchmarks.scenario.ScenarioProvider;
import dev.awty.benchmarks.soak.SoakApplication;
import dev.awty.benchmarks.soak.SoakCheck;
import dev.awty.benchmarks.soak.SoakEvent;
import dev.awty.benchmarks.soak.SoakLimitedEvent;
import dev.awty.benchmarks.soak.SoakTables;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.recurring.ScheduleDefinition;

/**
 * {@code soak}: three awty instances, each in a JVM of its own, for {@code --duration} on a private PostgreSQL with
 * its default settings: {@code --rate} events a second, each due 1–60 s after it is scheduled (a quarter of the
 * duration at most, for short runs), eight in ten of a plain type, one of a limited type, one of a check type; and
 * {@code --schedules} recurring schedules firing every ten minutes, spread over its seconds. Every
 * {@code --kill-interval} one instance is SIGKILLed and started again, and PostgreSQL is restarted once. Every
 * {@code --report-interval} a row of figures ({@link SoakMonitor}); at the end events lost, duplicates against the
 * documented crash bound, and the first and last ten minutes compared ({@link SoakVerdict}).
 */
public final class SoakScenario implements Scenario {

	private static final Log logger = LogFactory.getLog(SoakScenario.class);

	public static final String NAME = "soak";

	public static final String SYSTEM = "awty x3";

	/** The system argument of a {@link ChaosChild} that runs the soak's service. */
	static final String CHILD = "soak";

	static final String SCHEDULE_PREFIX = "soak-";

	private static final int INSTANCES = 3;

	/** The event types every instance delivers, each of which adds its crash bound to a kill's. */
	private static final int EVENT_TYPES = 3;

	private static final long MIN_AHEAD_MILLIS = 1000;

	private static final Duration MAX_AHEAD = Duration.ofSeconds(60);

	private static final int SCHEDULE_BATCH = 10_000;

	/** {@code awty.poller.open-transactions}: the soak's instances leave it at awty's default. */
	private static final int OPEN_TRANSACTIONS = 4;

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public void run(BenchDatabase shared, Results results) {
		Options options = shared.options();
		try (PrivateCluster cluster = PrivateCluster.productionLike()) {
			BenchDatabase database = new BenchDatabase(options.withUrl(cluster.url()));
			database.recreate();
			SoakTables.create(database);
			soak(database, cluster, results);
		}
	}

	/**
	 * The duplicates one kill may cause by the documented crash bound (docs/delivery.md): the rows of the batches an
	 * instance held in open transactions, at most {@code open-transactions} batches (fewer when its types'
	 * concurrency is less) of {@code batch-size} rows ({@code --batch}, which the instances run with).
	 */
	static long duplicateBoundPerKill(Options options) {
		return (long) Math.min(OPEN_TRANSACTIONS, options.threads() * EVENT_TYPES) * options.batchSize();
	}

	private void soak(BenchDatabase database, PrivateCluster cluster, Results results) {
		Options options = database.options();
		Load.Plan plan = Load.steady(options.rate(), options.duration());
		Receiver receiver = new Receiver(plan.events());
		SoakOccurrences occurrences = new SoakOccurrences(options.schedules());
		long maxAhead = Math.min(MAX_AHEAD.toMillis(), options.duration().toMillis() / 4);
		Map<String, Object> producing = new HashMap<>(SystemUnderTest.awtyProperties(options));
		producing.put("awty.housekeeping.enabled", false);
		// the load is scheduled by an instance of its own that delivers nothing, as a web tier would
		try (AwtyInstances producer = SoakApplication.start(database, new Receiver(0),
				SystemUnderTest.instanceIdPrefix(options) + "producer-", producing)) {
			producer.stopDelivery(0);
			try (SoakInstances instances = SoakInstances.start(options, INSTANCES, receiver, occurrences);
					SoakMonitor monitor = new SoakMonitor(database, receiver, occurrences, instances, System.out)) {
				// created while the instances run, so that none fires late because no instance was there yet
				createSchedules(producer.recurringSchedules(), options.schedules());
				Scenario.settle();
				logger.info(String.format("soak: %d instances for %d s, %,d events/s due %d-%d ms ahead, %,d recurring"
						+ " schedules, a kill every %d s, PostgreSQL %s", INSTANCES, options.duration().toSeconds(),
						options.rate(), MIN_AHEAD_MILLIS, maxAhead, options.schedules(), options.killInterval().toSeconds(),
						database.queryString("SHOW server_version")));
				long start = System.nanoTime();
				monitor.start(options.reportInterval());
				SoakFaults faults = SoakFaults.start(options, instances, cluster, monitor, start);
				EventScheduler scheduler = producer.scheduler();
				new Load().produce(plan, start, MIN_AHEAD_MILLIS, maxAhead, (seq, due) -> schedule(scheduler, seq, due),
						(seq) -> exists(database, seq), receiver);
				faults.awaitEnd();
				Duration wait = Duration.ofMillis(maxAhead).plus(options.lease()).plus(Duration.ofSeconds(60));
				if (!receiver.await(wait)) {
					logger.warn(String.format("soak: %,d of %,d events missing %d s after the load", receiver.expected()
							- receiver.received(), receiver.expected(), wait.toSeconds()));
				}
				monitor.finish();
				SoakVerdict.of(monitor.rows(), options.duration(), options.reportInterval())
					.report(receiver, occurrences, faults.kills(), faults.restarts(), duplicateBoundPerKill(options),
							System.out, results);
			}
		}
	}

	/** Eight in ten events of the plain type, one of the limited type (by customer), one of the check type. */
	private static void schedule(EventScheduler scheduler, long seq, Instant due) {
		switch ((int) (seq % 10)) {
			case 8 -> scheduler.schedule(new SoakLimitedEvent(seq, (seq / 10) % SoakApplication.CUSTOMERS), due);
			case 9 -> scheduler.schedule(new SoakCheck(seq), due);
			default -> scheduler.schedule(new SoakEvent(seq), due);
		}
	}

	private static boolean exists(BenchDatabase database, long seq) {
		String table = switch ((int) (seq % 10)) {
			case 8 -> "soak_limited";
			case 9 -> "soak_check";
			default -> "soak_event";
		};
		return database.queryLong("SELECT count(*) FROM " + table + " WHERE seq = " + seq) > 0;
	}

	/**
	 * {@code count} schedules, each firing every ten minutes at its own second ({@code s m/10 * * * *}): about
	 * {@code count / 600} occurrences at each whole second, as cron schedules come due together.
	 */
	private static void createSchedules(RecurringSchedules schedules, int count) {
		long start = System.nanoTime();
		for (int from = 0; from < count; from += SCHEDULE_BATCH) {
			List<ScheduleDefinition> batch = new ArrayList<>();
			for (int k = from; k < Math.min(count, from + SCHEDULE_BATCH); k++) {
				batch.add(ScheduleDefinition.of(SCHEDULE_PREFIX + k, (k % 60) + " " + ((k / 60) % 10) + "/10 * * * *"));
			}
			schedules.createAll(batch);
		}
		logger.info(String.format("soak: %,d recurring schedules created in %.1f s", count,
				(System.nanoTime() - start) / 1e9));
	}

	/** Registers {@link SoakScenario} (see {@link ScenarioProvider}). */
	public static final class Provider implements ScenarioProvider {

		@Override
		public List<Scenario> scenarios() {
			return List.of(new SoakScenario());
		}

	}

}
