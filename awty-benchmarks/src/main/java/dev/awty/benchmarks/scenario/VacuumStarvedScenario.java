package dev.awty.benchmarks.scenario;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.ClaimMode;
import dev.awty.EventScheduler;
import dev.awty.benchmarks.awty.AwtyInstances;
import dev.awty.benchmarks.awty.BenchEvent;
import dev.awty.benchmarks.dbscheduler.DbSchedulerInstance;
import dev.awty.benchmarks.dbscheduler.DbSchedulerInstance.Setup;
import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.LagWindows;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.harness.Receiver;
import dev.awty.benchmarks.report.Numbers;
import dev.awty.benchmarks.report.Results;

/**
 * {@code vacuum-starved}: the {@code lag} stream ({@code --rate} events per second for {@code --duration}, each
 * due 1–5 s ahead) while another session holds a transaction with an XID open for the whole run, as the public
 * PostgreSQL job-queue benchmark does: the xmin horizon stays put, so vacuum (auto or manual) removes no dead tuple
 * the run leaves. Works on any server, autovacuum on or off. Every 10 s (or once, for a shorter run) it records
 * the lag p99 of the events that arrived in that window, the dead tuples of the system's tables and the size of its
 * hot table's indexes; and, per delivered row, the row versions its statements wrote (updated, of which HOT, and
 * deleted), each of which stays a dead tuple here.
 */
public final class VacuumStarvedScenario implements Scenario {

	private static final Log logger = LogFactory.getLog(VacuumStarvedScenario.class);

	static final String NAME = Results.VACUUM_STARVED;

	private static final List<String> SYSTEMS = List.of(Results.AWTY, Results.DB_SCHEDULER);

	private static final Duration WINDOW = Duration.ofSeconds(10);

	/** How long a backend may hold its counts before it publishes them (PostgreSQL 15: a second). */
	private static final Duration STATISTICS_FLUSH = Duration.ofMillis(1500);

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public void run(BenchDatabase database, Results results) {
		for (int rep = 1; rep <= database.options().repetitions(); rep++) {
			for (String system : Scenario.order(SYSTEMS, rep)) {
				starve(database, system, rep, results);
			}
		}
	}

	private void starve(BenchDatabase database, String system, int rep, Results results) {
		database.clearRuns();
		// The deletes' dead tuples reach the statistics up to a second after the vacuum that removed them: read before
		// that, they counted at the start and vanished at the run's first vacuum (-0.67 dead tuples a row, one run).
		Scenario.pause(STATISTICS_FLUSH);
		database.execute("VACUUM " + BenchDatabase.AWTY + "; VACUUM scheduled_tasks");
		Options options = database.options();
		int events = (int) (options.rate() * options.duration().toSeconds());
		Duration window = (options.duration().compareTo(WINDOW) < 0) ? options.duration() : WINDOW;
		Receiver receiver = new Receiver(events);
		List<TableStats> samples = new CopyOnWriteArrayList<>();
		TableStats before;
		TableStats after;
		long startMillis;
		try (Connection horizon = holdXmin(database)) {
			before = TableStats.read(database, system);
			ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
			try (AutoCloseable running = start(database, system, receiver)) {
				startMillis = Instant.now().toEpochMilli();
				sampler.scheduleAtFixedRate(() -> samples.add(TableStats.read(database, system)), window.toMillis(),
						window.toMillis(), TimeUnit.MILLISECONDS);
				SteadyProducers.produce(options, events, (seq, due) -> schedule(running, seq, due));
				// a system that falls behind while vacuum is held off is a result of this scenario, not a fault
				if (!receiver.await(Duration.ofSeconds(60))) {
					logger.warn(String.format("%s %s: %,d of %,d events delivered 60 s after the load", NAME, system,
							receiver.received(), events));
				}
			}
			finally {
				sampler.shutdownNow();
				sampler.awaitTermination(10, TimeUnit.SECONDS);
			}
			Scenario.settle();
			after = TableStats.read(database, system);
		}
		catch (Exception ex) {
			throw (ex instanceof RuntimeException runtime) ? runtime : new IllegalStateException(ex);
		}
		results.delivered(NAME, system, rep, events, receiver.received(), receiver.duplicates());
		results.add(NAME, system, "undelivered 60 s after the load", "events", events - receiver.received(), rep);
		if (receiver.duplicates() > 0) {
			receiver.verifyExactlyOnce(system);
		}
		record(results, system, rep, receiver, after.since(before), before);
		recordWindows(results, system, rep, receiver, startMillis, window, samples, before);
	}

	private static void schedule(AutoCloseable running, long seq, Instant due) {
		if (running instanceof AwtyInstances awty) {
			EventScheduler scheduler = awty.scheduler();
			scheduler.schedule(new BenchEvent(seq), due);
		}
		else {
			((DbSchedulerInstance) running).schedule(seq, due);
		}
	}

	private static AutoCloseable start(BenchDatabase database, String system, Receiver receiver) {
		return system.equals(Results.AWTY) ? AwtyInstances.start(database, ClaimMode.SKIP_LOCKED, 1, receiver)
				: DbSchedulerInstance.start(database, Setup.TUNED, receiver);
	}

	/** A session idle in a transaction that took an XID: the oldest running transaction, until it is closed. */
	private static Connection holdXmin(BenchDatabase database) throws SQLException {
		Connection connection = database.connect();
		connection.setAutoCommit(false);
		try (Statement statement = connection.createStatement();
				ResultSet rs = statement.executeQuery("SELECT txid_current()")) {
			rs.next();
		}
		return connection;
	}

	private void record(Results results, String system, int rep, Receiver receiver, TableStats run, TableStats before) {
		double delivered = Math.max(1, receiver.received());
		results.add(NAME, system, "lag p50", "ms", receiver.lagMillis(0.5), rep);
		results.add(NAME, system, "lag p99", "ms", receiver.lagMillis(0.99), rep);
		results.add(NAME, system, "lag max", "ms", receiver.lagMillis(1.0), rep);
		results.add(NAME, system, "updates per row", "row versions", run.updates() / delivered, rep);
		results.add(NAME, system, "HOT updates per row", "row versions", run.hotUpdates() / delivered, rep);
		results.add(NAME, system, "deletes per row", "row versions", run.deletes() / delivered, rep);
		results.add(NAME, system, "dead tuples per row", "tuples", run.deadTuples() / delivered, rep);
		results.add(NAME, system, "vacuums during run", "runs", run.vacuums(), rep);
		logger.info(String.format(
				"%s %-14s rep %d: lag p50 %.1f ms, p99 %.1f ms, max %.1f ms; per delivered row %.2f updates (%.2f HOT),"
						+ " %.2f deletes, %.2f dead tuples; hot table's indexes %.1f MB (%.1f MB before), %d vacuums",
				NAME, system, rep, receiver.lagMillis(0.5), receiver.lagMillis(0.99), receiver.lagMillis(1.0),
				run.updates() / delivered, run.hotUpdates() / delivered, run.deletes() / delivered,
				run.deadTuples() / delivered, run.indexBytes() / 1e6, before.indexBytes() / 1e6, run.vacuums()));
	}

	private void recordWindows(Results results, String system, int rep, Receiver receiver, long startMillis,
			Duration window, List<TableStats> samples, TableStats before) {
		List<Double> p99s = receiver.lagWindows().every((int) window.toSeconds(), startMillis).stream()
				.map(LagWindows.Window::p99).toList();
		for (int w = 0; w < p99s.size(); w++) {
			String at = String.format("t+%03ds ", (w + 1) * window.toSeconds());
			results.add(NAME, system, at + "lag p99", "ms", p99s.get(w), rep);
			if (w < samples.size()) {
				TableStats sample = samples.get(w);
				results.add(NAME, system, at + "dead tuples", "tuples", sample.deadTuples() - before.deadTuples(), rep);
				results.add(NAME, system, at + "index MB", "MB", sample.indexBytes() / 1e6, rep);
			}
			logger.info(String.format("%s %-14s rep %d %s: lag p99 %.1f ms%s", NAME, system, rep, at.trim(), p99s.get(w),
					(w < samples.size()) ? String.format(", %,d dead tuples, indexes %.1f MB",
							samples.get(w).deadTuples() - before.deadTuples(), samples.get(w).indexBytes() / 1e6) : ""));
		}
		if (!p99s.isEmpty()) {
			results.add(NAME, system, "first window lag p99", "ms", p99s.get(0), rep);
			results.add(NAME, system, "last window lag p99", "ms", p99s.get(p99s.size() - 1), rep);
		}
	}

	/** The lag with the xmin horizon held beside the production-like {@code lag} run, and what each row leaves dead. */
	@Override
	public List<String> comparisons(Results results) {
		List<String> lines = new ArrayList<>();
		double p99 = results.median(Results.VACUUM_STARVED, Results.AWTY, "lag p99");
		if (Double.isNaN(p99)) {
			return lines;
		}
		lines.add("vacuum-starved lag p99 awty = " + Numbers.format(p99) + " ms, db-scheduler = "
				+ Numbers.format(results.median(Results.VACUUM_STARVED, Results.DB_SCHEDULER, "lag p99")) + " ms (of what arrived; undelivered 60 s"
				+ " after the load: awty " + Numbers.format(results.median(Results.VACUUM_STARVED, Results.AWTY, "undelivered 60 s after the load"))
				+ ", db-scheduler " + Numbers.format(results.median(Results.VACUUM_STARVED, Results.DB_SCHEDULER, "undelivered 60 s after the load"))
				+ ")");
		lines.add("vacuum-starved lag p99 first/last window awty = "
				+ Numbers.format(results.median(Results.VACUUM_STARVED, Results.AWTY, "first window lag p99")) + " / "
				+ Numbers.format(results.median(Results.VACUUM_STARVED, Results.AWTY, "last window lag p99")) + " ms, db-scheduler = "
				+ Numbers.format(results.median(Results.VACUUM_STARVED, Results.DB_SCHEDULER, "first window lag p99")) + " / "
				+ Numbers.format(results.median(Results.VACUUM_STARVED, Results.DB_SCHEDULER, "last window lag p99")) + " ms");
		double production = results.median("lag", Results.AWTY, "lag p99");
		if (!Double.isNaN(production)) {
			lines.add("vacuum-starved/lag p99 awty = " + Numbers.format(p99 / production));
		}
		for (String system : List.of(Results.AWTY, Results.DB_SCHEDULER)) {
			lines.add("vacuum-starved per delivered row " + system + ": "
					+ Numbers.format(results.median(Results.VACUUM_STARVED, system, "updates per row")) + " updates ("
					+ Numbers.format(results.median(Results.VACUUM_STARVED, system, "HOT updates per row")) + " HOT), "
					+ Numbers.format(results.median(Results.VACUUM_STARVED, system, "deletes per row")) + " deletes, "
					+ Numbers.format(results.median(Results.VACUUM_STARVED, system, "dead tuples per row")) + " dead tuples");
		}
		return lines;
	}

	/** Registers {@link VacuumStarvedScenario} (see {@link ScenarioProvider}). */
	public static final class Provider implements ScenarioProvider {

		@Override
		public List<Scenario> scenarios() {
			return List.of(new VacuumStarvedScenario());
		}

	}

}
