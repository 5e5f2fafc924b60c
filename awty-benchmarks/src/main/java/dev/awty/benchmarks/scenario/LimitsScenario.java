package dev.awty.benchmarks.scenario;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.ClaimMode;
import dev.awty.benchmarks.awty.AwtyInstances;
import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.harness.Receiver;
import dev.awty.benchmarks.report.Results;

/**
 * {@code limits}: three awty instances share a backlog of rows of {@value #CUSTOMERS} customers, limited to
 * {@code --rate} rows a second for the whole cluster and to one row in flight per customer, for {@code --duration}.
 * The rate achieved is counted from the consumer's arrivals after the first second (whose burst the limit allows: a
 * full second's rows at once) to the end, against the limit; the most rows of one customer in flight at once is seen
 * by the consumer (rows it is receiving) and in the table (rows claimed under a live lease, sampled).
 */
public final class LimitsScenario implements Scenario {

	private static final Log logger = LogFactory.getLog(LimitsScenario.class);

	static final String SYSTEM = "awty x3 limited";

	private static final int INSTANCES = 3;

	private static final int CUSTOMERS = 1000;

	/** Long enough that a customer's row is in flight while the other instances claim. */
	private static final Duration WORK = Duration.ofMillis(1);

	/** The first second's burst, left out of the rate: the limit allows a full period's rows at once. */
	private static final Duration BURST = Duration.ofSeconds(1);

	private static final String ROWS = """
			INSERT INTO scheduled_bench (seq, customer_id, due_at)
			SELECT g, g %% %d, CURRENT_TIMESTAMP - INTERVAL '10 seconds' + g * INTERVAL '1 microsecond'
			FROM generate_series(0, %d) g
			""";

	private static final String MOST_IN_FLIGHT_OF_ONE_CUSTOMER = """
			SELECT COALESCE(MAX(n), 0) FROM (SELECT COUNT(*) AS n FROM scheduled_bench
			WHERE status = 'PENDING' AND claimed_until >= CURRENT_TIMESTAMP GROUP BY customer_id) k
			""";

	@Override
	public String name() {
		return "limits";
	}

	@Override
	public void run(BenchDatabase database, Results results) {
		Options options = database.options();
		database.execute("CREATE INDEX IF NOT EXISTS scheduled_bench_customer ON scheduled_bench (customer_id)");
		for (int rep = 1; rep <= options.repetitions(); rep++) {
			run(database, results, options.rate(), options.duration(), rep);
		}
	}

	private void run(BenchDatabase database, Results results, int rate, Duration duration, int rep) {
		// more rows than the limit lets through in the run, so that the limit, not the backlog, sets the pace
		int rows = (int) Math.min(Integer.MAX_VALUE - 1, (long) rate * (duration.toSeconds() + 5) * 5 / 4);
		database.clearRuns();
		Receiver receiver = new Receiver(rows, WORK, CUSTOMERS);
		AtomicLong mostInTable = new AtomicLong();
		Map<String, Object> limits = Map.of("awty.types.bench.limit.rate", rate, "awty.types.bench.limit.key",
				"customerId");
		long firstMillis;
		try (AwtyInstances instances = AwtyInstances.start(database, ClaimMode.SKIP_LOCKED, INSTANCES, receiver,
				"limits-", limits)) {
			// inserted once all three run, so that none has a head start
			database.execute(ROWS.formatted(CUSTOMERS, rows - 1));
			while (receiver.received() == 0) {
				Scenario.pause(Duration.ofMillis(5));
			}
			firstMillis = System.currentTimeMillis();
			long end = System.nanoTime() + duration.toNanos();
			while (System.nanoTime() < end) {
				mostInTable.accumulateAndGet(database.queryLong(MOST_IN_FLIGHT_OF_ONE_CUSTOMER), Math::max);
				Scenario.pause(Duration.ofMillis(50));
			}
		}
		if (receiver.duplicates() > 0) {
			throw new IllegalStateException(SYSTEM + " delivered " + receiver.duplicates() + " duplicate(s)");
		}
		long from = firstMillis + BURST.toMillis();
		long to = firstMillis + duration.toMillis();
		int counted = 0;
		for (int seq = 0; seq < rows; seq++) {
			long at = receiver.arrivalMillis(seq);
			if (at >= from && at < to) {
				counted++;
			}
		}
		double achieved = counted * 1000.0 / (to - from);
		double ratio = achieved / rate;
		int mostAtConsumer = receiver.mostInFlightOfOneKey();
		results.add(name(), SYSTEM, "events/s", "events/s", achieved, rep);
		results.add(name(), SYSTEM, "rate/limit", "x", ratio, rep);
		results.add(name(), SYSTEM, "most in flight per key", "rows", Math.max(mostAtConsumer, mostInTable.get()), rep);
		logger.info(String.format("limits %s rep %d: %.1f rows/s against a limit of %d/s (%.3fx, %s), most rows of one"
				+ " customer in flight: %d at the consumer, %d in the table; %,d of %,d rows delivered in %d s", SYSTEM,
				rep, achieved, rate, ratio, (Math.abs(ratio - 1) <= 0.1) ? "within 10 %" : "NOT within 10 %",
				mostAtConsumer, mostInTable.get(), receiver.received(), rows, duration.toSeconds()));
	}

	/** Registers {@link LimitsScenario} (see {@link ScenarioProvider}). */
	public static final class Provider implements ScenarioProvider {

		@Override
		public List<Scenario> scenarios() {
			return List.of(new LimitsScenario());
		}

	}

}
