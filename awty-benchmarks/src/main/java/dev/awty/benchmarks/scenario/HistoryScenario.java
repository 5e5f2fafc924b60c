package dev.awty.benchmarks.scenario;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import dev.awty.ClaimMode;
import dev.awty.benchmarks.awty.AwtyInstances;
import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.harness.Receiver;
import dev.awty.benchmarks.report.Numbers;
import dev.awty.benchmarks.report.Results;
import dev.awty.history.DeliveryHistory;
import dev.awty.housekeeping.HousekeepingRun;
import dev.awty.housekeeping.HousekeepingRuns;

/**
 * {@code history}: the cost and upkeep of {@code history: all} at the job-scheduler seed's volume. First awty's drain
 * with {@code history: all} and with {@code history: none}, alternating in the same run, their ratio taken within each
 * repetition; then a stretch of past days
 * pre-filled into their daily partitions ({@code --history-days} of {@code --history-rows} entries each, one in a
 * thousand a failure, as a day at 10,000 events a second would hold 864,000,000), on which it times "what failed
 * yesterday" through {@link DeliveryHistory#failures} and retiring the oldest day through housekeeping, and measures
 * the size of a day.
 */
public final class HistoryScenario implements Scenario {

	private static final Log logger = LogFactory.getLog(HistoryScenario.class);

	private static final List<String> MODES = List.of("all", "none");

	static final String TYPE = "bench";

	private static final int FAILED_YESTERDAY_CALLS = 7;

	@Override
	public String name() {
		return "history";
	}

	@Override
	public void run(BenchDatabase database, Results results) {
		Options options = database.options();
		for (String mode : MODES) {
			drain(database, mode, Math.max(1000, options.rows() / 10), 0, null);
		}
		for (int rep = 1; rep <= options.repetitions(); rep++) {
			Map<String, Double> rates = new HashMap<>();
			for (String mode : Scenario.order(MODES, rep)) {
				rates.put(mode, drain(database, mode, options.rows(), rep, results));
			}
			// Paired within a repetition: on a shared machine the load moves more between repetitions than within one.
			results.add(name(), Results.AWTY, "drain all/none", "ratio", rates.get("all") / rates.get("none"), rep);
		}
		upkeep(database, results);
	}

	/** Drains {@code rows} with history {@code mode}; returns the events a second. */
	private double drain(BenchDatabase database, String mode, int rows, int rep, @Nullable Results results) {
		database.clearRuns();
		String system = system(mode);
		Receiver receiver = new Receiver(rows);
		try (AwtyInstances running = AwtyInstances.start(database, ClaimMode.SKIP_LOCKED, 1, receiver, "bench-",
				Map.of("awty.history.mode", mode))) {
			Scenario.settle();
			Rows.awty(database, BenchDatabase.AWTY, 0, rows, Rows.DUE_NOW);
			receiver.awaitAll(Duration.ofSeconds(Math.max(120, rows / 200)), system);
			DrainScenario.awaitZero(database, "SELECT count(*) FROM scheduled_bench WHERE status <> 'DELIVERED'", system);
		}
		if (results != null) {
			results.delivered(name(), system, rep, rows, receiver.received(), receiver.duplicates());
		}
		receiver.verifyExactlyOnce(system);
		if (results == null) {
			logger.info(String.format("history %-24s warm-up: %,.0f events/s (%,d rows)", system, receiver.rate(), rows));
			return receiver.rate();
		}
		results.add(name(), system, "events/s", "events/s", receiver.rate(), rep);
		logger.info(String.format("history %-24s rep %d: %,.0f events/s (%,d rows)", system, rep, receiver.rate(), rows));
		return receiver.rate();
	}

	static String system(String mode) {
		return Results.AWTY + " history " + mode;
	}

	/** Pre-fills the past days, then times "what failed yesterday" and retiring the oldest day. */
	private void upkeep(BenchDatabase database, Results results) {
		Options options = database.options();
		int days = options.historyDays();
		int perDay = options.historyRows();
		LocalDate today = LocalDate.ofInstant(Instant.ofEpochMilli(
				database.queryLong("SELECT (extract(epoch FROM now()) * 1000)::bigint")), ZoneOffset.UTC);
		HistoryDays.fill(database, today, days, perDay, name(), results);
		// The days were written in seconds, not over days: autovacuum came to them while the oldest day was retired,
		// and the retirement's DETACH waited for it, retrying past its short lock timeout (0.26, 1.54 and 7.80 s in three
		// runs). Vacuumed now, as days written over a day have long been.
		vacuum(database);
		// Started after the fill: housekeeping's own first run, a minute after start, would retire the day first.
		// Retention of one day less than the days filled: the oldest day, and only it, is past it.
		Map<String, Object> retention = Map.of("awty.history.retention", Duration.ofDays(days - 1).toString());
		try (AwtyInstances instance = AwtyInstances.start(database, ClaimMode.SKIP_LOCKED, 1, new Receiver(0), "history-",
				retention)) {
			failedYesterday(instance.bean(DeliveryHistory.class), today, results);
			rowHistory(instance.bean(DeliveryHistory.class), perDay, days, results);
			long start = System.nanoTime();
			HousekeepingRun run = instance.bean(HousekeepingRuns.class).runNow();
			double seconds = (System.nanoTime() - start) / 1e9;
			if (run.historyDaysDropped() != 1) {
				throw new IllegalStateException("housekeeping retired " + run.historyDaysDropped() + " day(s), not the "
						+ "one oldest day; deleted " + run.historyEntriesDeleted() + " entries one by one");
			}
			results.add(name(), Results.AWTY, "seconds per day retired", "s", seconds, 1);
			results.add(name(), Results.AWTY, "entries deleted one by one", "entries", run.historyEntriesDeleted(), 1);
			logger.info(String.format("history: retired a day of %,d entries in %.3f s", perDay, seconds));
		}
	}

	private static void vacuum(BenchDatabase database) {
		database.execute("VACUUM ANALYZE awty_delivery_log");
	}

	private void failedYesterday(DeliveryHistory history, LocalDate today, Results results) {
		Instant from = today.minusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
		Instant to = today.atStartOfDay(ZoneOffset.UTC).toInstant();
		List<Double> millis = new ArrayList<>();
		int found = 0;
		for (int call = 0; call < FAILED_YESTERDAY_CALLS; call++) {
			long start = System.nanoTime();
			found = history.failures(TYPE, from, to, 10_000).size();
			millis.add((System.nanoTime() - start) / 1e6);
		}
		results.add(name(), Results.AWTY, "failed yesterday ms", "ms", median(millis), 1);
		results.add(name(), Results.AWTY, "failed yesterday first call ms", "ms", millis.get(0), 1);
		results.add(name(), Results.AWTY, "failed yesterday entries", "entries", found, 1);
		logger.info(String.format("history: failed yesterday, %,d entries, %.1f ms median of %d (first %.1f ms)", found,
				median(millis), FAILED_YESTERDAY_CALLS, millis.get(0)));
	}

	/** Times one row's history ({@code ofRow}) for rows spread over the filled days, each with an entry a day. */
	private void rowHistory(DeliveryHistory history, int perDay, int days, Results results) {
		List<Double> millis = new ArrayList<>();
		for (int call = 1; call <= FAILED_YESTERDAY_CALLS; call++) {
			long rowId = (long) perDay * call / (FAILED_YESTERDAY_CALLS + 1);
			long start = System.nanoTime();
			int found = history.ofRow(TYPE, rowId).size();
			millis.add((System.nanoTime() - start) / 1e6);
			// today's drains may have delivered a row of the same id
			if (found < days) {
				throw new IllegalStateException("row " + rowId + " has " + found + " history entries, fewer than the "
						+ days + " days filled");
			}
		}
		results.add(name(), Results.AWTY, "one row's history ms", "ms", median(millis), 1);
		logger.info(String.format("history: one row's history, %.1f ms median of %d (first %.1f ms)", median(millis),
				FAILED_YESTERDAY_CALLS, millis.get(0)));
	}

	static double median(List<Double> values) {
		List<Double> sorted = values.stream().sorted().toList();
		return sorted.get(sorted.size() / 2);
	}

	/** The cost of history: drain all/none, the size of a day, its retirement, the failures query. */
	@Override
	public List<String> comparisons(Results results) {
		List<String> lines = new ArrayList<>();
		double historyAll = results.median("history", Results.AWTY + " history all", "events/s");
		if (!Double.isNaN(historyAll)) {
			lines.add("history drain all/none = " + Numbers.format(results.median("history", Results.AWTY, "drain all/none"))
					+ " (median of the repetitions' ratios; of the medians "
					+ Numbers.format(historyAll / results.median("history", Results.AWTY + " history none", "events/s")) + ")");
			lines.add("history day of " + Numbers.format(results.median("history", Results.AWTY, "entries per day")) + " entries = "
					+ Numbers.format(results.median("history", Results.AWTY, "day MB")) + " MB ("
					+ Numbers.format(results.median("history", Results.AWTY, "bytes per entry")) + " bytes per entry), retired in "
					+ Numbers.format(results.median("history", Results.AWTY, "seconds per day retired")) + " s; failed yesterday ("
					+ Numbers.format(results.median("history", Results.AWTY, "failed yesterday entries")) + " entries) "
					+ Numbers.format(results.median("history", Results.AWTY, "failed yesterday ms")) + " ms median, first call "
					+ Numbers.format(results.median("history", Results.AWTY, "failed yesterday first call ms")) + " ms; one row's"
					+ " history " + Numbers.format(results.median("history", Results.AWTY, "one row's history ms")) + " ms");
			double free = results.median("history", Results.AWTY, "disk free GB") * 1e9;
			lines.add("history size " + Numbers.format(results.median("history", Results.AWTY, "history MB")) + " MB; the disk's "
					+ Numbers.format(free / 1e9) + " GB free would hold one day of about "
					+ Numbers.format(free / results.median("history", Results.AWTY, "bytes per entry"))
					+ " entries at this size per entry (not filled: a day at 10,000 events/s is 864,000,000)");
		}
		return lines;
	}

	/** Registers {@link HistoryScenario} (see {@link ScenarioProvider}). */
	public static final class Provider implements ScenarioProvider {

		@Override
		public List<Scenario> scenarios() {
			return List.of(new HistoryScenario());
		}

	}

}
