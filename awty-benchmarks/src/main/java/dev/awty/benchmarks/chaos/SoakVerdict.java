package dev.awty.benchmarks.chaos;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

import dev.awty.benchmarks.harness.Receiver;
import dev.awty.benchmarks.report.Results;

/**
 * The end of a soak: events lost and duplicates against the documented crash bound, and the first and last
 * {@value #COMPARED_MINUTES} minutes of the load compared (a third of the run each when it is shorter than half an
 * hour): lag p99, heap after GC per instance (the first interval left out as warm-up), and the growth of every awty
 * table and index since the end of the first window. The history table and its partitions are left out of the growth:
 * they grow with every delivery until their retention (90 days by default) by design.
 */
final class SoakVerdict {

	static final int COMPARED_MINUTES = 10;

	private final List<SoakMonitor.Row> rows;

	private final int window;

	private SoakVerdict(List<SoakMonitor.Row> rows, int window) {
		this.rows = rows;
		this.window = window;
	}

	/**
	 * @param rows every report of the run, the first {@code duration / interval} of which cover the load
	 */
	static SoakVerdict of(List<SoakMonitor.Row> rows, Duration duration, Duration interval) {
		int loadRows = (int) Math.max(1, Math.min(rows.size(), duration.toMillis() / interval.toMillis()));
		Duration compared = Duration.ofMinutes(COMPARED_MINUTES);
		if (compared.multipliedBy(3).compareTo(duration) > 0) {
			compared = duration.dividedBy(3);
		}
		int window = (int) Math.max(1, Math.min(loadRows / 2, compared.toMillis() / interval.toMillis()));
		return new SoakVerdict(rows.subList(0, loadRows), Math.max(1, window));
	}

	/** Prints the comparison and the last lines, and records the figures. */
	void report(Receiver receiver, SoakOccurrences occurrences, int kills, int restarts, long perKill,
			PrintStream out, Results results) {
		List<SoakMonitor.Row> first = this.rows.subList(0, this.window);
		List<SoakMonitor.Row> last = this.rows.subList(this.rows.size() - this.window, this.rows.size());
		// the first interval warms the JVMs up, unless it is all there is
		List<SoakMonitor.Row> firstWarm = (first.size() > 1) ? first.subList(1, first.size()) : first;
		double lagFirst = SoakMonitor.quantile(lags(first), 0.99);
		double lagLast = SoakMonitor.quantile(lags(last), 0.99);
		double heapFirst = mean(firstWarm, true);
		double heapLast = mean(last, true);
		Growth growth = largestGrowth(first.get(first.size() - 1).relations(), lastRelations());
		long lost = receiver.expected() - receiver.received();
		long bound = kills * perKill;
		out.println();
		out.println(String.format("soak first %d and last %d reports of %d compared: lag p50 %.1f / %.1f ms, p99 %.1f /"
				+ " %.1f ms; events/s %,.0f / %,.0f; heap after GC %.0f / %.0f MB and RSS %.0f / %.0f MB per instance", this.window,
				this.window, this.rows.size(), SoakMonitor.quantile(lags(first), 0.5),
				SoakMonitor.quantile(lags(last), 0.5), lagFirst, lagLast, rate(first), rate(last), heapFirst / 1e6,
				heapLast / 1e6, mean(firstWarm, false) / 1e6, mean(last, false) / 1e6));
		out.println(String.format("soak largest growth since the first window (the history left out: it grows with every"
				+ " delivery until its retention): %s", growth.name()));
		out.println(String.format("soak recurring occurrences: %,d received, %,d repeated", occurrences.total(),
				occurrences.repeats()));
		out.println(String.format("soak kills = %d (bound per kill %,d), PostgreSQL restarts = %d", kills, perKill,
				restarts));
		out.println("soak lost = " + lost);
		out.println("soak duplicates = " + receiver.duplicates() + " (bound " + bound + ")");
		out.println(String.format("soak lag p99 last/first = %.2f", lagLast / lagFirst));
		out.println(String.format("soak heap last/first = %.2f", heapLast / heapFirst));
		out.println(String.format("soak largest table growth = %.2f", growth.ratio()));
		out.flush();
		String scenario = SoakScenario.NAME;
		String system = SoakScenario.SYSTEM;
		results.deliveredUnderFaults(scenario, system, receiver.expected(), receiver.received(), receiver.duplicates());
		results.add(scenario, system, "lost", "events", lost, 1);
		results.add(scenario, system, "duplicates", "events", receiver.duplicates(), 1);
		results.add(scenario, system, "duplicate bound", "events", bound, 1);
		results.add(scenario, system, "kills", "kills", kills, 1);
		results.add(scenario, system, "PostgreSQL restarts", "restarts", restarts, 1);
		results.add(scenario, system, "lag p99 first", "ms", lagFirst, 1);
		results.add(scenario, system, "lag p99 last", "ms", lagLast, 1);
		results.add(scenario, system, "lag p99 last/first", "x", lagLast / lagFirst, 1);
		results.add(scenario, system, "heap last/first", "x", heapLast / heapFirst, 1);
		results.add(scenario, system, "largest table growth", "x", growth.ratio(), 1);
		results.add(scenario, system, "occurrence repeats", "occurrences", occurrences.repeats(), 1);
	}

	private record Growth(String name, double ratio) {
	}

	/** The relation that grew most from {@code from} to {@code to}, the history left out. */
	private static Growth largestGrowth(Map<String, long[]> from, Map<String, long[]> to) {
		Growth largest = new Growth("none", Double.NaN);
		for (Map.Entry<String, long[]> relation : to.entrySet()) {
			long[] before = from.get(relation.getKey());
			if (relation.getKey().startsWith(SoakRelations.HISTORY) || before == null || before[0] == 0) {
				continue;
			}
			double ratio = (double) relation.getValue()[0] / before[0];
			if (Double.isNaN(largest.ratio()) || ratio > largest.ratio()) {
				largest = new Growth(String.format("%s %.1f -> %.1f MB", relation.getKey(), before[0] / 1e6,
						relation.getValue()[0] / 1e6), ratio);
			}
		}
		return largest;
	}

	/** The last sizes read: the last report's, or an earlier one's if the database was away then. */
	private Map<String, long[]> lastRelations() {
		for (int i = this.rows.size() - 1; i >= 0; i--) {
			if (!this.rows.get(i).relations().isEmpty()) {
				return this.rows.get(i).relations();
			}
		}
		return Map.of();
	}

	private static long[] lags(List<SoakMonitor.Row> rows) {
		return rows.stream().flatMapToLong((row) -> LongStream.of(row.eventLags())).sorted().toArray();
	}

	private static double rate(List<SoakMonitor.Row> rows) {
		return rows.stream().mapToDouble(SoakMonitor.Row::eventsPerSecond).average().orElse(Double.NaN);
	}

	/**
	 * The mean per instance over {@code rows}: an instance restarting when a row was taken has no figure there, and
	 * a sum would count its absence as memory freed.
	 */
	private static double mean(List<SoakMonitor.Row> rows, boolean heap) {
		return rows.stream()
			.mapToDouble((row) -> heap ? row.heapPerInstance() : row.rssPerInstance())
			.filter((bytes) -> !Double.isNaN(bytes))
			.average()
			.orElse(Double.NaN);
	}

}
