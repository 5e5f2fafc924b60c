package dev.awty.benchmarks.chaos;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongPredicate;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.PacedThreads;
import dev.awty.benchmarks.harness.Receiver;

/**
 * The producers: events scheduled one per transaction from {@value #PRODUCERS} threads at planned times,
 * each due {@code aheadMillis} after it is scheduled. A failed schedule (the database restarted, the
 * backend terminated, the pool exhausted) is retried with the same due time until it succeeds, after
 * checking that the failed attempt did not commit, so the producer itself never adds a duplicate.
 */
final class Load {

	private static final Log logger = LogFactory.getLog(Load.class);

	private static final int PRODUCERS = 4;

	/** Planned start time of each event, in nanoseconds after the load starts. */
	interface Plan {

		int events();

		long offsetNanos(long seq);

	}

	private final AtomicLong retries = new AtomicLong();

	/** {@code rate} events per second for {@code duration}. */
	static Plan steady(int rate, Duration duration) {
		int events = (int) (rate * duration.toSeconds());
		return plan(events, (seq) -> (long) (seq * 1e9 / rate));
	}

	/** {@code first} events at {@code firstRate} per second, then {@code second} at {@code secondRate}. */
	static Plan phases(int first, double firstRate, int second, double secondRate) {
		long firstNanos = (long) (first * 1e9 / firstRate);
		return plan(first + second, (seq) -> (seq < first) ? (long) (seq * 1e9 / firstRate)
				: firstNanos + (long) ((seq - first) * 1e9 / secondRate));
	}

	private static Plan plan(int events, java.util.function.LongUnaryOperator offsets) {
		return new Plan() {

			@Override
			public int events() {
				return events;
			}

			@Override
			public long offsetNanos(long seq) {
				return offsets.applyAsLong(seq);
			}

		};
	}

	long retries() {
		return this.retries.get();
	}

	/**
	 * Produces the plan's events, starting at {@code startNanos} (of {@link System#nanoTime()}).
	 * @param minAheadMillis shortest time from scheduling to due
	 * @param maxAheadMillis longest (inclusive)
	 * @return the rate achieved, events per second
	 */
	double produce(Plan plan, long startNanos, long minAheadMillis, long maxAheadMillis, SystemUnderTest sut,
			BenchDatabase database, Receiver receiver) {
		return produce(plan, startNanos, minAheadMillis, maxAheadMillis, sut.scheduling(),
				(seq) -> database.queryLong(sut.existsQuery(seq)) > 0, receiver);
	}

	/**
	 * The same for a system of several tables (the soak).
	 * @param exists whether the row of a sequence number exists: a producer whose commit failed ambiguously checks
	 * before retrying
	 */
	double produce(Plan plan, long startNanos, long minAheadMillis, long maxAheadMillis,
			SystemUnderTest.Scheduling scheduling, LongPredicate exists, Receiver receiver) {
		return PacedThreads.run(PRODUCERS, plan.events(), startNanos, plan::offsetNanos, (seq) -> {
			long ahead = (maxAheadMillis == 0) ? 0
					: ThreadLocalRandom.current().nextLong(minAheadMillis, maxAheadMillis + 1);
			schedule(seq, Instant.now().plusMillis(ahead), scheduling, exists, receiver);
		});
	}

	private void schedule(long seq, Instant dueAt, SystemUnderTest.Scheduling scheduling, LongPredicate exists,
			Receiver receiver) {
		long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
		boolean retry = false;
		while (true) {
			try {
				if (retry && (receiver.arrived(seq) || exists.test(seq))) {
					return;
				}
				scheduling.schedule(seq, dueAt);
				return;
			}
			catch (RuntimeException ex) {
				if (this.retries.incrementAndGet() % 100 == 1) {
					logger.info("scheduling failed, retrying (" + this.retries.get() + " retries so far): "
							+ ex.getMessage());
				}
				if (System.nanoTime() > deadline) {
					throw ex;
				}
				retry = true;
				ChaosScenario.pause(Duration.ofMillis(100));
			}
		}
	}

}
