package dev.awty.benchmarks.chaos;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.harness.Receiver;
import dev.awty.benchmarks.report.Numbers;
import dev.awty.benchmarks.report.Results;
import dev.awty.benchmarks.scenario.Scenario;
import dev.awty.benchmarks.scenario.ScenarioProvider;

/**
 * A chaos scenario, after the method of the public PostgreSQL job-queue benchmark
 * (hardbyte/postgresql-job-queue-benchmarking): a sustained load of {@code --rate} events per second for
 * {@code --duration}, each due 1–2 s after it is scheduled, run on awty and then on db-scheduler while one
 * fault happens; for each, lag percentiles, throughput, events lost and duplicates. The overload scenario
 * instead gives each delivery simulated work that caps both systems at {@code --rate} events per second,
 * produces 1.5 times that for {@code --duration}, then half of it for as long, and reports how long the
 * backlog took to drain. Restart and failover run on private clusters the scenario creates and deletes.
 */
public final class ChaosScenario implements Scenario {

	private static final Log logger = LogFactory.getLog(ChaosScenario.class);

	private static final List<String> SYSTEMS = List.of(Results.AWTY, Results.DB_SCHEDULER);

	private final String name;

	private ChaosScenario(String name) {
		this.name = name;
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public void run(BenchDatabase database, Results results) {
		for (String system : SYSTEMS) {
			runOne(database, system, results);
		}
	}

	private void runOne(BenchDatabase shared, String system, Results results) {
		Options options = shared.options();
		boolean failover = this.name.equals("chaos-failover");
		boolean restart = this.name.equals("chaos-pg-restart");
		try (PrivateCluster primary = (failover || restart) ? PrivateCluster.primary() : null;
				PrivateCluster standby = failover ? PrivateCluster.synchronousStandbyOf(primary) : null) {
			BenchDatabase database = shared;
			if (primary != null) {
				String url = (standby != null) ? "jdbc:postgresql://127.0.0.1:" + primary.port() + ",127.0.0.1:"
						+ standby.port() + "/postgres?targetServerType=primary" : primary.url();
				database = new BenchDatabase(options.withUrl(url));
				database.recreate();
			}
			else {
				database.clearRuns();
			}
			measure(database, system, results, primary, standby);
		}
	}

	private void measure(BenchDatabase database, String system, Results results, @Nullable PrivateCluster primary,
			@Nullable PrivateCluster standby) {
		Options options = database.options();
		boolean overload = this.name.equals("chaos-overload");
		Load.Plan plan = overload ? Load.phases((int) (1.5 * options.rate() * options.duration().toSeconds()),
				1.5 * options.rate(), (int) (0.5 * options.rate() * options.duration().toSeconds()), 0.5 * options.rate())
				: Load.steady(options.rate(), options.duration());
		// capacity = threads / work: the rate at which every instance's workers are busy all the time
		Duration work = overload ? Duration.ofNanos((long) (options.threads() * 1e9 / options.rate())) : Duration.ZERO;
		Receiver receiver = new Receiver(plan.events(), work);
		int instances = switch (this.name) {
			case "chaos-failover", "chaos-terminate" -> 2;
			default -> 1;
		};
		Load load = new Load();
		Duration wait = options.lease().plus(Duration.ofSeconds(overload ? 120 : 60));
		// a killed replica must hold rows to make a difference: no instance is favoured by scheduling the load
		boolean producerApart = this.name.startsWith("chaos-kill");
		try (SystemUnderTest sut = SystemUnderTest.start(system, database, instances, producerApart, receiver);
				Fault fault = fault(options)) {
			Scenario.settle();
			long loadNanos = plan.offsetNanos(plan.events() - 1);
			long start = System.nanoTime();
			Instant startedAt = Instant.now();
			fault.start(new Fault.Target(database, sut, receiver, start, loadNanos, primary, standby));
			double produced = load.produce(plan, start, overload ? 0 : 1000, overload ? 0 : 2000, sut, database,
					receiver);
			fault.endOfLoad();
			boolean all = receiver.await(wait);
			// a row delivered but not marked (or completed) shows up again only after its lease: wait for that too
			long unfinished = awaitFinished(database, sut, all ? wait : Duration.ZERO);
			long lost = receiver.expected() - receiver.received();
			if (!all) {
				logger.warn(String.format("%s %s: %,d of %,d events missing %d s after the load; rows: %s", this.name,
						system, lost, receiver.expected(), wait.toSeconds(), rowStates(database, system)));
			}
			record(results, system, receiver, produced, load, fault.figures());
			results.add(this.name, system, "unfinished rows at end", "rows", unfinished, 1);
			if (this.name.startsWith("chaos-kill")) {
				long byReplicas = database.queryLong(sut.claimedByReplicasQuery());
				results.add(this.name, system, "rows last claimed by extra replicas", "rows", byReplicas, 1);
			}
			if (overload) {
				long phaseEnd = startedAt.toEpochMilli() + plan.offsetNanos((long) (1.5 * options.rate()
						* options.duration().toSeconds())) / 1_000_000;
				long last = receiver.lastArrivalMillis((int) (1.5 * options.rate() * options.duration().toSeconds()));
				double recovery = (last == 0) ? Double.NaN : Math.max(0, last - phaseEnd) / 1000.0;
				results.add(this.name, system, "backlog drained after overload", "s", recovery, 1);
				logger.info(String.format("%s %s: overload backlog drained %.1f s after the overload ended", this.name,
						system, recovery));
			}
		}
		catch (Exception ex) {
			throw (ex instanceof RuntimeException runtime) ? runtime : new IllegalStateException(ex);
		}
	}

	/** Waits until every row of the run is finished; the number still unfinished when {@code timeout} passed. */
	private static long awaitFinished(BenchDatabase database, SystemUnderTest sut, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		long left = -1;
		while (true) {
			try {
				left = database.queryLong(sut.unfinishedQuery());
			}
			catch (RuntimeException ex) {
				logger.info("counting unfinished rows failed: " + ex.getMessage());
			}
			if (left == 0 || System.nanoTime() > deadline) {
				return left;
			}
			pause(Duration.ofMillis(200));
		}
	}

	private void record(Results results, String system, Receiver receiver, double produced, Load load,
			Map<String, Double> figures) {
		long lost = receiver.expected() - receiver.received();
		results.deliveredUnderFaults(this.name, system, receiver.expected(), receiver.received(), receiver.duplicates());
		results.add(this.name, system, "lag p50", "ms", receiver.lagMillis(0.5), 1);
		results.add(this.name, system, "lag p95", "ms", receiver.lagMillis(0.95), 1);
		results.add(this.name, system, "lag p99", "ms", receiver.lagMillis(0.99), 1);
		results.add(this.name, system, "lag max", "ms", receiver.lagMillis(1.0), 1);
		results.add(this.name, system, "events/s", "events/s", receiver.rate(), 1);
		results.add(this.name, system, "scheduled/s", "events/s", produced, 1);
		results.add(this.name, system, "lost", "events", lost, 1);
		results.add(this.name, system, "duplicates", "events", receiver.duplicates(), 1);
		results.add(this.name, system, "producer retries", "calls", load.retries(), 1);
		figures.forEach((metric, value) -> results.add(this.name, system, metric, "", value, 1));
		logger.info(String.format(
				"%s %-14s: lag p50 %.1f / p95 %.1f / p99 %.1f / max %.1f ms, %,.0f events/s, %,d of %,d delivered,"
						+ " lost %,d, duplicates %,d, producer retries %,d, %s",
				this.name, system, receiver.lagMillis(0.5), receiver.lagMillis(0.95), receiver.lagMillis(0.99),
				receiver.lagMillis(1.0), receiver.rate(), receiver.received(), receiver.expected(), lost,
				receiver.duplicates(), load.retries(), figures));
	}

	private Fault fault(Options options) {
		return switch (this.name) {
			case "chaos-idle-xact" -> DatabaseFaults.idleInTransaction();
			case "chaos-rr-readers" -> DatabaseFaults.repeatableReadReaders(2);
			case "chaos-terminate" -> DatabaseFaults.terminateBackends(Duration.ofSeconds(3));
			case "chaos-kill" -> InfrastructureFaults.killReplica(options, options.kills());
			case "chaos-kill-context" -> InfrastructureFaults.killContext(options, options.kills());
			case "chaos-pg-restart" -> InfrastructureFaults.restartPostgres();
			case "chaos-failover" -> InfrastructureFaults.failover();
			case "chaos-pool" -> InfrastructureFaults.exhaustPool(Duration.ofSeconds(5));
			default -> Fault.none();
		};
	}

	/** How the system's rows stand, for a run that lost events. */
	private static String rowStates(BenchDatabase database, String system) {
		String sql = system.equals(Results.AWTY)
				? "SELECT string_agg(status || ' ' || n, ', ') FROM (SELECT status, count(*) n FROM "
						+ BenchDatabase.AWTY + " GROUP BY status) s"
				: "SELECT string_agg(picked || ' ' || n, ', ') FROM (SELECT picked::text, count(*) n FROM scheduled_tasks"
						+ " WHERE task_instance NOT LIKE 'b%' GROUP BY picked) s";
		try {
			return database.queryString(sql);
		}
		catch (RuntimeException ex) {
			return "unknown (" + ex.getMessage() + ")";
		}
	}

	static void pause(Duration duration) {
		Scenario.pause(duration);
	}

	/** Each system's lag p50/p95/p99, losses and duplicates under this fault. */
	@Override
	public List<String> comparisons(Results results) {
		if (results.measurements().stream().noneMatch((measured) -> measured.scenario().equals(this.name))) {
			return List.of();
		}
		return List.of(this.name + ": " + line(results, Results.AWTY) + "; " + line(results, Results.DB_SCHEDULER));
	}

	private String line(Results results, String system) {
		return system + " lag p50/p95/p99 " + Numbers.format(results.median(this.name, system, "lag p50")) + "/"
				+ Numbers.format(results.median(this.name, system, "lag p95")) + "/"
				+ Numbers.format(results.median(this.name, system, "lag p99")) + " ms, lost "
				+ Numbers.format(results.median(this.name, system, "lost")) + ", duplicates "
				+ Numbers.format(results.median(this.name, system, "duplicates"));
	}

	/** Registers one {@link ChaosScenario} per fault of {@link Options#CHAOS} (see {@link ScenarioProvider}). */
	public static final class Provider implements ScenarioProvider {

		@Override
		public List<Scenario> scenarios() {
			return Options.CHAOS.stream().<Scenario>map(ChaosScenario::new).toList();
		}

	}

}
