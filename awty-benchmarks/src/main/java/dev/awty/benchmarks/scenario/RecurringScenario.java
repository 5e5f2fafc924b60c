package dev.awty.benchmarks.scenario;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.benchmarks.awty.AwtyInstances;
import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.harness.QuartzSchema;
import dev.awty.benchmarks.harness.Receiver;
import dev.awty.benchmarks.quartz.QuartzInstance;
import dev.awty.benchmarks.quartz.QuartzTables;
import dev.awty.benchmarks.report.Numbers;
import dev.awty.benchmarks.report.Results;
import dev.awty.benchmarks.scenario.SteadySchedules.SteadyOccurrences;

/**
 * {@code recurring}: {@code --schedules} active recurring schedules ({@link ScheduleLoad}), of which
 * {@code --occurrence-rate} come due at each second for {@code --duration} ({@link SteadySchedules}). Lag is the
 * consumer's receive time minus the occurrence's time; every occurrence is checked received exactly once. Quartz
 * then runs the same schedules as cron triggers in its clustered JDBC job store. awty runs with its recurring
 * defaults, after one unrecorded repetition that warms its delivery path up; each repetition also runs while
 * {@code --create-rate} schedules a minute are created through {@code createAll} ({@code awty creating}), before or
 * after the quiet window by turns, so that the lag with and without creation can be compared.
 */
public final class RecurringScenario implements Scenario {

	private static final Log logger = LogFactory.getLog(RecurringScenario.class);

	@Override
	public String name() {
		return "recurring";
	}

	@Override
	public void run(BenchDatabase database, Results results) {
		Options options = database.options();
		SteadySchedules steady = new SteadySchedules(database);
		if (options.schedules() - ScheduleLoad.createdThroughApi(options.schedules()) < steady.count()) {
			throw new IllegalArgumentException("--schedules " + options.schedules() + " leaves too few for "
					+ options.occurrenceRate() + " occurrences/s every " + SteadySchedules.PERIOD_SECONDS
					+ " s: give at least " + 2 * steady.count());
		}
		AtomicReference<SteadyOccurrences> current = new AtomicReference<>();
		try (AwtyInstances awty = AwtyInstances.startRecurring(database, new Receiver(0),
				(id, at) -> current.get().received(id, at), Map.of())) {
			new ScheduleLoad(name(), database, results).load(awty, options.schedules());
			// Repetition 0 warms the delivery path up, as the other scenarios' warm-up runs do; it is not recorded.
			fire(database, steady, current, "rep-0", Results.AWTY, 0, new Results());
			// Paired within a repetition, in alternating order: the schedules created in one window stay in the table
			// for the next, so the creating windows all after the quiet ones would also measure a larger table.
			for (int rep = 1; rep <= options.repetitions(); rep++) {
				for (boolean creating : Scenario.order(List.of(false, true), rep)) {
					if (creating) {
						fireWhileCreating(database, steady, current, awty, rep, results);
					}
					else {
						fire(database, steady, current, "rep-" + rep, Results.AWTY, rep, results);
					}
				}
			}
		}
		if (options.quartz()) {
			// Quartz runs on the same database, without awty's rows beside its own
			database.execute("DELETE FROM awty_schedule");
			quartz(database, steady, results);
		}
	}

	/** {@link #fire} while {@code --create-rate} schedules a minute are created through {@code createAll}. */
	private void fireWhileCreating(BenchDatabase database, SteadySchedules steady,
			AtomicReference<SteadyOccurrences> current, AwtyInstances awty, int rep, Results results) {
		Options options = database.options();
		try (LiveCreation creation = LiveCreation.start(awty.recurringSchedules(), options.createRate(),
				"live-" + rep + "-")) {
			fire(database, steady, current, "live-" + rep, Results.AWTY_CREATING, rep, results);
			creation.close();
			results.add(name(), Results.AWTY_CREATING, "created/min", "schedules/min", creation.perMinute(), rep);
			logger.info(String.format("recurring %-16s rep %d: %,d schedules created through createAll while"
					+ " firing, %,.0f a minute", Results.AWTY_CREATING, rep, creation.created(), creation.perMinute()));
		}
	}

	/** Makes schedules 1..K fire for the measured window, records their lag, and takes them back to daily. */
	private void fire(BenchDatabase database, SteadySchedules steady, AtomicReference<SteadyOccurrences> current,
			String marker, String system, int rep, Results results) {
		SteadyOccurrences window = steady.nextWindow();
		current.set(window);
		steady.fire(window, marker);
		record(database, window, system, rep, results);
		steady.quiet();
	}

	private void quartz(BenchDatabase database, SteadySchedules steady, Results results) {
		Options options = database.options();
		for (int rep = 1; rep <= options.repetitions(); rep++) {
			database.execute(QuartzSchema.CLEAR);
			SteadyOccurrences window = steady.nextWindow();
			database.execute(QuartzTables.cronRows(options.schedules(), steady.count(), options.occurrenceRate(),
					window.t0().toEpochMilli()));
			try (QuartzInstance quartz = QuartzInstance.start(database, window::received)) {
				record(database, window, Results.QUARTZ, rep, results);
			}
		}
		database.execute(QuartzSchema.CLEAR);
	}

	/**
	 * Waits for the occurrences and records their lag. A system that falls behind is given a minute after the
	 * last occurrence was due; its p99 is then at least that minute, which is what is recorded.
	 */
	private void record(BenchDatabase database, SteadyOccurrences window, String system, int rep, Results results) {
		Receiver receiver = window.receiver();
		Duration grace = Duration.ofSeconds(60);
		boolean all = receiver.await(Duration.between(Instant.now(), window.lastDue()).plus(grace));
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
		List<String> late = BurstLags.late(receiver, window.t0(), window.rate(), window.steady(), window.fires(),
				SteadySchedules.PERIOD_SECONDS);
		logger.info(String.format("recurring %-16s rep %d: %d of %d bursts had an occurrence later than 50 ms%s", system,
				rep, late.size(), window.fires() * SteadySchedules.PERIOD_SECONDS,
				late.isEmpty() ? "" : "\n  " + String.join("\n  ", late)));
	}

	/** The lag of recurring schedules against Quartz, while creating, and the plans and sizes. */
	@Override
	public List<String> comparisons(Results results) {
		List<String> lines = new ArrayList<>();
		double recurring = results.median("recurring", Results.AWTY, "lag p99");
		if (!Double.isNaN(recurring)) {
			double quartz = results.median("recurring", Results.QUARTZ, "lag p99");
			lines.add("recurring lag p99 awty = " + Numbers.format(recurring) + " ms, quartz = "
					+ (Double.isNaN(quartz) ? "not run" : Numbers.format(quartz) + " ms"));
			double creating = results.median("recurring", Results.AWTY_CREATING, "lag p99");
			if (!Double.isNaN(creating)) {
				lines.add("recurring lag p99 while creating " + Numbers.format(results.median("recurring", Results.AWTY_CREATING,
						"created/min")) + " schedules/min = " + Numbers.format(creating) + " ms, "
						+ Numbers.format(creating / recurring) + "x without");
			}
			double scans = results.median("recurring", Results.AWTY, "statements reading the table whole");
			if (!Double.isNaN(scans)) {
				lines.add("recurring plans after the bulk load (claim, next due, mark fired): "
						+ ((scans == 0) ? "index scans only" : Numbers.format(scans) + " read awty_schedule whole"));
			}
			lines.add("recurring awty createAll = "
					+ Numbers.format(results.median("recurring", Results.AWTY, "createAll/s")) + " schedules/s, size per million = "
					+ Numbers.format(results.median("recurring", Results.AWTY, "table MB per million")) + " MB table + "
					+ Numbers.format(results.median("recurring", Results.AWTY, "indexes MB per million")) + " MB indexes");
		}
		return lines;
	}

	/** Registers {@link RecurringScenario} (see {@link ScenarioProvider}). */
	public static final class Provider implements ScenarioProvider {

		@Override
		public List<Scenario> scenarios() {
			return List.of(new RecurringScenario());
		}

	}

}
