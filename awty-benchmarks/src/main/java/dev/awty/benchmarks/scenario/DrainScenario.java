package dev.awty.benchmarks.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import dev.awty.ClaimMode;
import dev.awty.benchmarks.awty.AwtyInstances;
import dev.awty.benchmarks.dbscheduler.DbSchedulerInstance;
import dev.awty.benchmarks.dbscheduler.DbSchedulerInstance.Setup;
import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.CpuMeter;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.harness.Receiver;
import dev.awty.benchmarks.quartz.QuartzInstance;
import dev.awty.benchmarks.quartz.QuartzTables;
import dev.awty.benchmarks.rawsql.RawRelayDrain;
import dev.awty.benchmarks.rawsql.RawSqlDrain;
import dev.awty.benchmarks.report.Numbers;
import dev.awty.benchmarks.report.Results;

/**
 * {@code drain}: N rows all due, committed at once while each system is running; events per second from
 * the first delivery to the last, the database's commits and row versions updated per delivered event. awty is
 * judged against the raw relay loop ({@link RawRelayDrain}: one transaction per batch, one row version per row), the
 * fastest correct loop written by hand; the raw claim+mark loop ({@link RawSqlDrain}) runs beside it as a secondary
 * peer. Both raw loops drain the same rows as awty's, with the same threads, pool and batch. db-scheduler's defaults
 * run in the first repetition only and on a quarter of the rows, since their 10 s poll makes them slow. Quartz runs
 * its clustered JDBC job store with one simple trigger per row, on a tenth of the rows: it completes every trigger
 * under its cluster-wide row lock, at a few hundred events a second at best. awty's rows keep a trace context,
 * which {@code awty skip-locked traced} (a tracer sampling every trace) continues and the others ignore: the cost
 * of tracing, in the same run. Every awty system runs awty's defaults ({@code history: all}) but
 * {@code awty skip-locked history none}, the same without history entries.
 */
public final class DrainScenario implements Scenario {

	private static final Log logger = LogFactory.getLog(DrainScenario.class);

	private static final List<String> SYSTEMS = List.of(Results.AWTY, Results.RAW_RELAY, Results.AWTY_TRACED, Results.DB_SCHEDULER,
			Results.RAW_CLAIM_MARK, Results.AWTY_HISTORY_NONE, Results.AWTY_X2, Results.AWTY_LEADER,
			Results.DB_SCHEDULER_DEFAULTS, Results.QUARTZ);

	/** The raw loops, on {@link BenchDatabase#RAW}: the relay (the anchor) and the claim+mark loop. */
	private static final List<String> RAW_LOOPS = List.of(Results.RAW_RELAY, Results.RAW_CLAIM_MARK);

	/** The database server's processor time per delivered event, loading the rows included (see {@link CpuMeter}). */
	static final String SERVER_CPU = "database cpu/event";

	/**
	 * Row versions written by an {@code UPDATE} of the system's tables per delivered event, from PostgreSQL's
	 * statistics: the relay's one, the claim+mark loop's and awty's two (claim, mark). Quartz's are not read.
	 */
	static final String UPDATES = "updates/event";

	/** This JVM's processor time per delivered event: the system under test, its JIT compilers and collector. */
	static final String JVM_CPU = "jvm cpu/event";

	private final String name;

	private final List<String> systems;

	public DrainScenario() {
		this("drain", SYSTEMS);
	}

	/** The scenario recording under {@code name}, running only {@code systems}. */
	public DrainScenario(String name, List<String> systems) {
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
		int warmUpRows = Math.max(1000, options.rows() / 10);
		// --quartz no leaves Quartz out: on a busy machine its clustered job store alone takes minutes per repetition
		List<String> systems = options.quartz() ? this.systems
				: this.systems.stream().filter((system) -> !system.equals(Results.QUARTZ)).toList();
		for (String system : systems) {
			if (!system.equals(Results.DB_SCHEDULER_DEFAULTS)) {
				drain(database, system, system.equals(Results.QUARTZ) ? warmUpRows / 10 : warmUpRows, 0, null);
			}
		}
		for (int rep = 1; rep <= options.repetitions(); rep++) {
			for (String system : Scenario.order(systems, rep)) {
				if (system.equals(Results.DB_SCHEDULER_DEFAULTS) && rep > 1) {
					continue;
				}
				int rows = switch (system) {
					case Results.DB_SCHEDULER_DEFAULTS -> Math.max(1, options.rows() / 4);
					case Results.QUARTZ -> Math.max(1, options.rows() / 10);
					default -> options.rows();
				};
				drain(database, system, rows, rep, results);
			}
		}
	}

	/**
	 * @param results where to record the figures; {@code null} for a warm-up run
	 */
	private void drain(BenchDatabase database, String system, int rows, int rep, @Nullable Results results) {
		database.clearRuns();
		Receiver receiver = new Receiver(rows);
		Duration timeout = Duration.ofSeconds(Math.max(120, rows / 200));
		long startNanos = System.nanoTime();
		AutoCloseable running = start(database, system, receiver);
		long startedNanos = System.nanoTime();
		long stopNanos;
		long before;
		CpuMeter cpu = CpuMeter.of(database);
		CpuMeter.Sample cpuBefore;
		CpuMeter.Sample cpuAfter;
		@Nullable TableStats tablesBefore;
		try (running) {
			Scenario.settle();
			tablesBefore = system.equals(Results.QUARTZ) ? null : TableStats.read(database, system);
			before = database.commits();
			cpuBefore = cpu.sample();
			if (RAW_LOOPS.contains(system)) {
				// the same rows as awty's, trace context included: narrower rows made each of the loop's row versions
				// cheaper than awty's
				Rows.tracedAwty(database, BenchDatabase.RAW, 0, rows, Rows.DUE_NOW);
				Rows.analyze(database, BenchDatabase.RAW);
				if (system.equals(Results.RAW_RELAY)) {
					RawRelayDrain.drain(database, receiver);
				}
				else {
					RawSqlDrain.drain(database, receiver);
				}
			}
			else if (system.equals(Results.QUARTZ)) {
				database.execute(QuartzTables.rows(0, rows, Rows.DUE_NOW.formatted(0)));
				receiver.awaitAll(timeout, system);
				awaitZero(database, QuartzTables.COUNT_TRIGGERS, system);
			}
			else if (system.startsWith("db-scheduler")) {
				Rows.dbScheduler(database, 0, rows, Rows.DUE_NOW);
				receiver.awaitAll(timeout, system);
				awaitZero(database, "SELECT count(*) FROM scheduled_tasks", system);
			}
			else {
				Rows.tracedAwty(database, BenchDatabase.AWTY, 0, rows, Rows.DUE_NOW);
				receiver.awaitAll(timeout, system);
				awaitZero(database, "SELECT count(*) FROM scheduled_bench WHERE status <> 'DELIVERED'", system);
			}
			stopNanos = System.nanoTime();
			cpuAfter = cpu.sample();
		}
		catch (Exception ex) {
			throw (ex instanceof RuntimeException runtime) ? runtime : new IllegalStateException(ex);
		}
		long stoppedNanos = System.nanoTime();
		Scenario.settle();
		long commits = database.commits() - before - 1;
		double updates = (tablesBefore != null && results != null)
				? (double) TableStats.read(database, system).since(tablesBefore).updates() / rows : Double.NaN;
		if (results != null) {
			results.delivered(name(), system, rep, rows, receiver.received(), receiver.duplicates());
		}
		receiver.verifyExactlyOnce(system);
		if (results == null) {
			logger.info(String.format(name() + " %-22s warm-up: %,.0f events/s (%,d rows)", system, receiver.rate(), rows));
			return;
		}
		results.add(name(), system, "events/s", "events/s", receiver.rate(), rep);
		results.add(name(), system, "commits/event", "commits", (double) commits / rows, rep);
		if (!Double.isNaN(updates)) {
			results.add(name(), system, UPDATES, "row versions", updates, rep);
		}
		double serverCpu = cpuAfter.serverMicrosPerEvent(cpuBefore, rows);
		double jvmCpu = cpuAfter.jvmMicrosPerEvent(cpuBefore, rows);
		results.add(name(), system, SERVER_CPU, "µs", serverCpu, rep);
		results.add(name(), system, JVM_CPU, "µs", jvmCpu, rep);
		logger.info(String.format(
				name() + " %-22s rep %d: %,.0f events/s, %.4f commits/event, %.2f updates/event, processor time per event:"
						+ " database %.1f µs, JVM %.1f µs (%,d rows; start %.1f s, run %.1f s, stop %.1f s)",
				system, rep, receiver.rate(), (double) commits / rows, updates, serverCpu, jvmCpu, rows,
				(startedNanos - startNanos) / 1e9, (stopNanos - startedNanos) / 1e9, (stoppedNanos - stopNanos) / 1e9));
	}

	private static AutoCloseable start(BenchDatabase database, String system, Receiver receiver) {
		return switch (system) {
			case Results.AWTY -> AwtyInstances.start(database, ClaimMode.SKIP_LOCKED, 1, receiver);
			case Results.AWTY_TRACED -> AwtyInstances.startTraced(database, receiver);
			case Results.AWTY_HISTORY_NONE -> AwtyInstances.start(database, ClaimMode.SKIP_LOCKED, 1, receiver, "bench-",
					Map.of("awty.history.mode", "none"));
			case Results.AWTY_X2 -> AwtyInstances.start(database, ClaimMode.SKIP_LOCKED, 2, receiver);
			case Results.AWTY_LEADER -> AwtyInstances.start(database, ClaimMode.LEADER, 1, receiver);
			case Results.DB_SCHEDULER -> DbSchedulerInstance.start(database, Setup.TUNED, receiver);
			case Results.DB_SCHEDULER_DEFAULTS -> DbSchedulerInstance.start(database, Setup.DEFAULTS, receiver);
			case Results.QUARTZ -> QuartzInstance.start(database, receiver);
			default -> () -> {
			};
		};
	}

	/** Waits until the rows are marked (awty) or removed (db-scheduler), not only published. */
	static void awaitZero(BenchDatabase database, String countQuery, String system) {
		long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
		long left;
		while ((left = database.queryLong(countQuery)) > 0) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException(system + " left " + left + " row(s) unfinished after delivering them");
			}
			Scenario.pause(Duration.ofMillis(20));
		}
	}

	/**
	 * The ratios of awty to each peer and of its variants, for the report: first to the raw relay loop, the anchor,
	 * then to the others, the claim+mark loop among them.
	 */
	@Override
	public List<String> comparisons(Results results) {
		List<String> lines = new ArrayList<>();
		if (!this.name.equals("drain")) {
			return lines;
		}
		double awty = median(results, Results.AWTY);
		if (!Double.isNaN(awty)) {
			double relay = median(results, Results.RAW_RELAY);
			double claimMark = median(results, Results.RAW_CLAIM_MARK);
			lines.add("drain awty/relay = " + Numbers.format(awty / relay) + "x");
			lines.add("drain awty leader/relay = " + Numbers.format(median(results, Results.AWTY_LEADER) / relay) + "x");
			lines.add("drain awty history none/relay = "
					+ Numbers.format(median(results, Results.AWTY_HISTORY_NONE) / relay) + "x");
			lines.add("drain awty/claim+mark = " + Numbers.format(awty / claimMark) + "x (secondary; leader "
					+ Numbers.format(median(results, Results.AWTY_LEADER) / claimMark) + "x, history none "
					+ Numbers.format(median(results, Results.AWTY_HISTORY_NONE) / claimMark) + "x)");
			lines.add("drain awty/db-scheduler = " + Numbers.format(awty / median(results, Results.DB_SCHEDULER)) + "x");
			lines.add("drain awty/db-scheduler defaults = "
					+ Numbers.format(awty / median(results, Results.DB_SCHEDULER_DEFAULTS)) + "x");
			lines.add("drain awty/quartz = " + Numbers.format(awty / median(results, Results.QUARTZ)) + "x");
			if (!Double.isNaN(median(results, Results.AWTY_TRACED))) {
				lines.add("drain awty traced/awty = " + Numbers.format(median(results, Results.AWTY_TRACED) / awty));
			}
			lines.add("drain awty x2/awty = " + Numbers.format(median(results, Results.AWTY_X2) / awty));
			lines.add("drain commits/event awty = " + Numbers.format(results.median("drain", Results.AWTY, "commits/event"))
					+ ", relay = " + Numbers.format(results.median("drain", Results.RAW_RELAY, "commits/event"))
					+ ", claim+mark = " + Numbers.format(results.median("drain", Results.RAW_CLAIM_MARK, "commits/event"))
					+ ", db-scheduler = " + Numbers.format(results.median("drain", Results.DB_SCHEDULER, "commits/event"))
					+ ", quartz = " + Numbers.format(results.median("drain", Results.QUARTZ, "commits/event")));
			lines.add(updates(results, "drain", List.of(Results.AWTY, Results.AWTY_HISTORY_NONE, Results.RAW_RELAY,
					Results.RAW_CLAIM_MARK, Results.DB_SCHEDULER)));
			lines.add(processorTimes(results, "drain", List.of(Results.AWTY, Results.AWTY_HISTORY_NONE, Results.RAW_RELAY,
					Results.RAW_CLAIM_MARK, Results.DB_SCHEDULER)));
		}
		return lines;
	}

	private static double median(Results results, String system) {
		return results.median("drain", system, "events/s");
	}

	/** Row versions each system updated per delivered event: the relay's one against the others' two. */
	static String updates(Results results, String scenario, List<String> systems) {
		List<String> parts = new ArrayList<>();
		for (String system : systems) {
			parts.add(system + " " + Numbers.format(results.median(scenario, system, UPDATES)));
		}
		return scenario + " row versions updated per event: " + String.join(", ", parts);
	}

	/**
	 * Where each system's time went, per event: what a ratio of rates cannot say, and steadier than it on a machine
	 * shared with others.
	 */
	static String processorTimes(Results results, String scenario, List<String> systems) {
		List<String> parts = new ArrayList<>();
		for (String system : systems) {
			parts.add(system + " " + Numbers.format(results.median(scenario, system, SERVER_CPU)) + " + "
					+ Numbers.format(results.median(scenario, system, JVM_CPU)) + " µs");
		}
		return scenario + " processor time per event (database + JVM): " + String.join(", ", parts);
	}

	/** Registers {@link DrainScenario} (see {@link ScenarioProvider}). */
	public static final class Provider implements ScenarioProvider {

		@Override
		public List<Scenario> scenarios() {
			return List.of(new DrainScenario());
		}

	}

}
