package dev.awty.benchmarks.chaos;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Receiver;
import dev.awty.benchmarks.soak.SoakTables;

/**
 * The soak's report every {@code --report-interval}: a row of the events and occurrences received in the interval
 * (rate, lag p50 and p99), each instance's heap after GC and RSS, the database's client connections and pending
 * rows, and the faults of the interval; under it, the size and dead tuples of every awty table and index.
 */
final class SoakMonitor implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(SoakMonitor.class);

	static final String HEADER = """
			| at | events/s | lag p50 ms | lag p99 ms | occurrences/s | occurrence lag p99 ms | heap after GC MB | RSS MB \
			| connections | pending | faults |
			|---|---|---|---|---|---|---|---|---|---|---|""";

	private static final String CONNECTIONS = "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'";

	/** One interval's figures; {@code -1} where the database could not be asked (it was restarting). */
	record Row(long fromMillis, long toMillis, double eventsPerSecond, long[] eventLags, double occurrencesPerSecond,
			long[] occurrenceLags, long[] heapAfterGc, long[] rss, long connections, long pending,
			Map<String, long[]> relations, String faults) {

		/** The mean heap after GC of the instances that reported one; NaN if none did (all restarting). */
		double heapPerInstance() {
			return Arrays.stream(this.heapAfterGc).filter((b) -> b >= 0).average().orElse(Double.NaN);
		}

		/** The mean RSS of the instances that reported one. */
		double rssPerInstance() {
			return Arrays.stream(this.rss).filter((b) -> b >= 0).average().orElse(Double.NaN);
		}

	}

	private final BenchDatabase database;

	private final Receiver receiver;

	private final SoakOccurrences occurrences;

	private final SoakInstances instances;

	private final PrintStream out;

	private final List<Row> rows = new ArrayList<>();

	private final List<String> faults = new ArrayList<>();

	private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor((task) -> {
		Thread thread = new Thread(task, "soak-monitor");
		thread.setDaemon(true);
		return thread;
	});

	private long startMillis;

	private long lastMillis;

	SoakMonitor(BenchDatabase database, Receiver receiver, SoakOccurrences occurrences, SoakInstances instances,
			PrintStream out) {
		this.database = database;
		this.receiver = receiver;
		this.occurrences = occurrences;
		this.instances = instances;
		this.out = out;
	}

	/** Prints the header and then a row every {@code interval} from now. */
	void start(Duration interval) {
		this.startMillis = System.currentTimeMillis();
		this.lastMillis = this.startMillis;
		this.out.println(HEADER);
		this.timer.scheduleAtFixedRate(this::report, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
	}

	/** Notes a fault in the current interval's row. */
	synchronized void note(String fault) {
		this.faults.add(fault);
	}

	/** Stops the timer and reports the interval under way, if it is more than a second long. */
	void finish() {
		this.timer.shutdownNow();
		try {
			this.timer.awaitTermination(2, TimeUnit.MINUTES);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		if (System.currentTimeMillis() - this.lastMillis > 1000) {
			report();
		}
	}

	synchronized List<Row> rows() {
		return List.copyOf(this.rows);
	}

	long startMillis() {
		return this.startMillis;
	}

	@Override
	public void close() {
		this.timer.shutdownNow();
	}

	private synchronized void report() {
		try {
			long from = this.lastMillis;
			long to = System.currentTimeMillis();
			this.lastMillis = to;
			double seconds = (to - from) / 1000.0;
			long[] eventLags = eventLags(this.receiver, from, to);
			long[] occurrenceLags = this.occurrences.drainLags();
			List<SoakInstances.Slot> slots = this.instances.slots();
			Row row = new Row(from, to, eventLags.length / seconds, eventLags, occurrenceLags.length / seconds,
					occurrenceLags, slots.stream().mapToLong((slot) -> slot.heapAfterGc).toArray(),
					slots.stream().mapToLong((slot) -> slot.rss).toArray(), ask(CONNECTIONS), ask(pendingQuery()),
					SoakRelations.read(this.database), String.join(", ", this.faults));
			this.faults.clear();
			this.rows.add(row);
			print(row);
		}
		catch (RuntimeException ex) {
			logger.warn("soak report failed: " + ex.getMessage(), ex);
		}
	}

	private void print(Row row) {
		long at = (row.toMillis() - this.startMillis) / 1000;
		this.out.println(String.format("| %d:%02d | %,.0f | %s | %s | %,.0f | %s | %s | %s | %s | %s | %s |", at / 60,
				at % 60, row.eventsPerSecond(), millis(quantile(row.eventLags(), 0.5)),
				millis(quantile(row.eventLags(), 0.99)), row.occurrencesPerSecond(),
				millis(quantile(row.occurrenceLags(), 0.99)), megabytes(row.heapAfterGc()), megabytes(row.rss()),
				count(row.connections()), count(row.pending()), row.faults()));
		this.out.println(row.relations().isEmpty() ? "    relations: unavailable" : "    relations: " + SoakRelations.describe(row.relations()));
		this.out.flush();
	}

	/** The lags in microseconds of the events that first arrived in {@code [from, to)}, sorted. */
	static long[] eventLags(Receiver receiver, long from, long to) {
		long[] lags = new long[1024];
		int n = 0;
		for (int seq = 0; seq < receiver.expected(); seq++) {
			long at = receiver.arrivalMillis(seq);
			if (at >= from && at < to) {
				if (n == lags.length) {
					lags = Arrays.copyOf(lags, n * 2);
				}
				lags[n++] = receiver.lagMicros(seq);
			}
		}
		lags = Arrays.copyOf(lags, n);
		Arrays.sort(lags);
		return lags;
	}

	/** The quantile of sorted microseconds, in milliseconds; NaN when there are none. */
	static double quantile(long[] sortedMicros, double q) {
		if (sortedMicros.length == 0) {
			return Double.NaN;
		}
		int index = (int) Math.min(sortedMicros.length - 1, Math.ceil(q * sortedMicros.length) - 1);
		return sortedMicros[Math.max(0, index)] / 1000.0;
	}

	private static String millis(double millis) {
		return Double.isNaN(millis) ? "–" : String.format("%.1f", millis);
	}

	private static String megabytes(long[] bytes) {
		StringJoiner joined = new StringJoiner("/");
		for (long b : bytes) {
			joined.add((b < 0) ? "–" : String.valueOf(Math.round(b / 1e6)));
		}
		return joined.toString();
	}

	private static String count(long count) {
		return (count < 0) ? "–" : String.format("%,d", count);
	}

	private static String pendingQuery() {
		StringJoiner sum = new StringJoiner(" + ", "SELECT ", "");
		for (String table : SoakTables.EVENT_TABLES) {
			sum.add("(SELECT count(*) FROM " + table + " WHERE status = 'PENDING')");
		}
		return sum.toString();
	}

	private long ask(String sql) {
		try {
			return this.database.queryLong(sql);
		}
		catch (RuntimeException ex) {
			return -1;
		}
	}

}
