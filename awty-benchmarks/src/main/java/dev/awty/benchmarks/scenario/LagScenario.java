package dev.awty.benchmarks.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.ClaimMode;
import dev.awty.EventScheduler;
import dev.awty.benchmarks.awty.AwtyInstances;
import dev.awty.benchmarks.awty.BenchEvent;
import dev.awty.benchmarks.dbscheduler.DbSchedulerInstance;
import dev.awty.benchmarks.dbscheduler.DbSchedulerInstance.Setup;
import dev.awty.benchmarks.harness.AllPlan;
import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.LagWindows;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.harness.Receiver;
import dev.awty.benchmarks.report.Numbers;
import dev.awty.benchmarks.report.Results;

/**
 * {@code lag}: a steady stream of {@code --rate} events per second for {@code --duration}, each scheduled
 * in its own transaction 1–5 s ahead; lag is the consumer's receive time minus the due time, with its p99 per 10 s
 * and of the first and last minute. db-scheduler runs at most {@link AllPlan#PEER_LIMIT} of it. {@code lag-5000} is
 * awty alone at 5,000 events per second.
 * {@code backlog} is the same with {@code --backlog-rows} rows due in days present in every table, and
 * also times the claim query on an empty and a full table. Its yardstick is awty's lag on the empty table over runs
 * of the same length, just before the load ({@link Results#AWTY_EMPTY_TABLE}): a run's first seconds, while a new
 * instance warms up, are worse than the rest, and weigh ten times more in 60 s than in {@code lag}'s 600 s.
 */
public final class LagScenario implements Scenario {

	private static final Log logger = LogFactory.getLog(LagScenario.class);

	private static final List<String> SYSTEMS = List.of(Results.AWTY, Results.DB_SCHEDULER);

	private static final int WINDOW_SECONDS = 10;

	/** {@code backlog}'s unrecorded run before its yardstick. */
	private static final Duration WARM_UP = Duration.ofSeconds(20);

	private final boolean backlog;

	private final String name;

	private final List<String> systems;

	public LagScenario(boolean backlog) {
		this(backlog ? "backlog" : "lag", backlog, SYSTEMS);
	}

	/** The scenario recording under {@code name}, running only {@code systems}. */
	public LagScenario(String name, boolean backlog, List<String> systems) {
		this.backlog = backlog;
		this.name = name;
		this.systems = systems;
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public void run(BenchDatabase database, Results results) {
		Options options = database.options();
		results.label(name(), String.format("%,d events/s for %d s", options.rate(), options.duration().toSeconds()),
				options.rate());
		database.execute("DELETE FROM " + BenchDatabase.AWTY + "; DELETE FROM scheduled_tasks");
		if (this.backlog) {
			// Unrecorded, as the other scenarios' warm-ups: run first in a JVM, the yardstick measured the compilers.
			Duration warmUp = (WARM_UP.compareTo(options.duration()) < 0) ? WARM_UP : options.duration();
			stream(database, Results.AWTY_EMPTY_TABLE, 0, warmUp, new Results());
			for (int rep = 1; rep <= options.repetitions(); rep++) {
				stream(database, Results.AWTY_EMPTY_TABLE, rep, options.duration(), results);
			}
			load(database);
		}
		for (int rep = 1; rep <= options.repetitions(); rep++) {
			for (String system : Scenario.order(this.systems, rep)) {
				stream(database, system, rep, options.duration(), results);
			}
			results.add(name(), Results.AWTY, "claim query", "ms", ClaimQuery.millis(database), rep);
		}
		if (this.backlog) {
			database.execute("DELETE FROM " + BenchDatabase.AWTY + "; DELETE FROM scheduled_tasks");
			database.execute("VACUUM ANALYZE " + BenchDatabase.AWTY + "; VACUUM ANALYZE scheduled_tasks");
		}
	}

	/** Empties awty's table of the yardstick's rows, then loads the backlog into both systems' tables. */
	private static void load(BenchDatabase database) {
		Options options = database.options();
		database.execute("DELETE FROM " + BenchDatabase.AWTY);
		database.execute("VACUUM ANALYZE " + BenchDatabase.AWTY);
		long start = System.nanoTime();
		Rows.awty(database, BenchDatabase.AWTY, -options.backlogRows(), options.backlogRows(), Rows.DUE_IN_DAYS);
		Rows.dbScheduler(database, -options.backlogRows(), options.backlogRows(), Rows.DUE_IN_DAYS);
		database.execute("VACUUM ANALYZE " + BenchDatabase.AWTY + "; VACUUM ANALYZE scheduled_tasks");
		// The load and its vacuum fill max_wal_size: the checkpoint they start (seen: during the load, complete
		// 142 s later) spread its writes over the timed run, whose first 30 s had window p99s of 32 and 45 ms
		// against 8 to 11 after. Minutes after a bulk load, as a service meets it, that checkpoint is over.
		database.execute("CHECKPOINT");
		logger.info(String.format("backlog: %,d future rows per system inserted in %.1f s", options.backlogRows(),
				(System.nanoTime() - start) / 1e9));
	}

	private void stream(BenchDatabase database, String system, int rep, Duration length, Results results) {
		database.clearRuns();
		Options options = database.options();
		Duration duration = length;
		boolean awtySystem = !system.equals(Results.DB_SCHEDULER);
		if (!awtySystem && duration.compareTo(AllPlan.PEER_LIMIT) > 0) {
			duration = AllPlan.PEER_LIMIT;
			logger.info(String.format("%s %s runs %d s of awty's %d s", name(), system, duration.toSeconds(),
					length.toSeconds()));
		}
		int events = (int) (options.rate() * duration.toSeconds());
		Receiver receiver = new Receiver(events);
		double producedPerSecond;
		if (awtySystem) {
			try (AwtyInstances awty = AwtyInstances.start(database, ClaimMode.SKIP_LOCKED, 1, receiver)) {
				EventScheduler scheduler = awty.scheduler();
				producedPerSecond = SteadyProducers.produce(options, events,
						(seq, due) -> scheduler.schedule(new BenchEvent(seq), due));
				receiver.awaitAll(Duration.ofSeconds(60), system);
			}
		}
		else {
			try (DbSchedulerInstance scheduler = DbSchedulerInstance.start(database, Setup.TUNED, receiver)) {
				producedPerSecond = SteadyProducers.produce(options, events, scheduler::schedule);
				receiver.awaitAll(Duration.ofSeconds(60), system);
			}
		}
		results.delivered(name(), system, rep, events, receiver.received(), receiver.duplicates());
		receiver.verifyExactlyOnce(system);
		results.add(name(), system, "lag p50", "ms", receiver.lagMillis(0.5), rep);
		results.add(name(), system, "lag p99", "ms", receiver.lagMillis(0.99), rep);
		results.add(name(), system, "lag max", "ms", receiver.lagMillis(1.0), rep);
		results.add(name(), system, "scheduled/s", "events/s", producedPerSecond, rep);
		results.add(name(), system, "run", "s", duration.toSeconds(), rep);
		windows(receiver.lagWindows(), system, rep, results);
		logger.info(String.format("%s %-14s rep %d: lag p50 %.1f ms, p99 %.1f ms, max %.1f ms (%,.0f scheduled/s)",
				name(), system, rep, receiver.lagMillis(0.5), receiver.lagMillis(0.99), receiver.lagMillis(1.0),
				producedPerSecond));
	}

	/**
	 * The lag per 10-second window and of the first and last minute (halves of a shorter run): a lag that grows
	 * over the run shows here, where one p99 over the whole run would hide when it happened.
	 */
	private void windows(LagWindows lag, String system, int rep, Results results) {
		StringBuilder line = new StringBuilder();
		for (LagWindows.Window window : lag.every(WINDOW_SECONDS)) {
			results.add(name(), system, String.format("t+%03ds lag p99", window.startSecond() + WINDOW_SECONDS), "ms",
					window.p99(), rep);
			line.append(String.format("%n  %4d s: p50 %6.1f ms, p99 %6.1f ms (%,d events)", window.startSecond(),
					window.p50(), window.p99(), window.events()));
		}
		LagWindows.Window first = lag.first(60);
		LagWindows.Window last = lag.last(60);
		results.add(name(), system, "lag p99 first minute", "ms", first.p99(), rep);
		results.add(name(), system, "lag p99 last minute", "ms", last.p99(), rep);
		logger.info(String.format("%s %-14s rep %d per %d s:%s%n  first minute p50 %.1f / p99 %.1f ms, last minute"
				+ " p50 %.1f / p99 %.1f ms, last/first p99 = %.2f", name(), system, rep, WINDOW_SECONDS, line,
				first.p50(), first.p99(), last.p50(), last.p99(), last.p99() / first.p99()));
	}

	/** The lag of awty and db-scheduler, first and last minute; for {@code backlog}, its ratio to the empty table's. */
	@Override
	public List<String> comparisons(Results results) {
		List<String> lines = new ArrayList<>();
		String scenario = this.name;
		double p99 = results.median(scenario, Results.AWTY, "lag p99");
		if (!Double.isNaN(p99)) {
			double peer = results.median(scenario, Results.DB_SCHEDULER, "lag p99");
			lines.add(scenario + " p99 awty = " + Numbers.format(p99) + " ms, db-scheduler = "
					+ (Double.isNaN(peer) ? "not run" : Numbers.format(peer) + " ms"));
			lines.add(scenario + " p99 first minute/last minute awty = "
					+ Numbers.format(results.median(scenario, Results.AWTY, "lag p99 first minute")) + " / "
					+ Numbers.format(results.median(scenario, Results.AWTY, "lag p99 last minute")) + " ms");
			double awtyRun = results.median(scenario, Results.AWTY, "run");
			double peerRun = results.median(scenario, Results.DB_SCHEDULER, "run");
			if (peerRun < awtyRun) {
				lines.add(scenario + " db-scheduler ran " + Numbers.format(peerRun) + " s of awty's "
						+ Numbers.format(awtyRun) + " s (its lag is flat over a run; the whole would double the time)");
			}
		}
		if (scenario.equals("backlog")) {
			double backlog = results.median("backlog", Results.AWTY, "lag p99");
			double empty = results.median("backlog", Results.AWTY_EMPTY_TABLE, "lag p99");
			double lag = results.median("lag", Results.AWTY, "lag p99");
			if (!Double.isNaN(backlog) && !Double.isNaN(empty)) {
				lines.add("backlog/empty lag p99 awty = " + Numbers.format(backlog / empty) + " (empty table: "
						+ Numbers.format(empty) + " ms over the same length, before the load)");
			}
			if (!Double.isNaN(backlog) && !Double.isNaN(lag)) {
				lines.add("backlog/lag p99 awty = " + Numbers.format(backlog / lag) + " (lag's run: "
						+ Numbers.format(results.median("lag", Results.AWTY, "run")) + " s)");
			}
		}
		return lines;
	}

	/** Registers {@link LagScenario} (see {@link ScenarioProvider}). */
	public static final class Provider implements ScenarioProvider {

		@Override
		public List<Scenario> scenarios() {
			return List.of(new LagScenario(false), new LagScenario("lag-5000", false, List.of(Results.AWTY)),
					new LagScenario(true));
		}

	}

}
