package dev.awty.benchmarks.scenario;

import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BiConsumer;

import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.harness.PacedThreads;

/**
 * The producers of the lag scenarios ({@link LagScenario}, {@link VacuumStarvedScenario}): threads scheduling events
 * at a steady rate, as a service's request threads would, each event due a few seconds ahead.
 */
final class SteadyProducers {

	private static final int PRODUCERS = 4;

	/**
	 * Events a second one producer is asked for at most: each schedules in a transaction of its own and waits for
	 * its commit, so 4 producers cannot reach 5,000 a second once a commit takes more than 0.8 ms; 8 leave room, as
	 * more request threads of a service would. (On a machine short of CPU neither reaches it: the target line then
	 * names the rate achieved.)
	 */
	private static final int PER_PRODUCER = 625;

	private SteadyProducers() {
	}

	/**
	 * Schedules {@code events} at the options' rate from {@value #PRODUCERS} threads (one per {@value #PER_PRODUCER}
	 * events a second above that), each event due 1–5 s after it is scheduled.
	 * @return the rate achieved
	 */
	static double produce(Options options, int events, BiConsumer<Long, Instant> schedule) {
		double nanosPerEvent = 1e9 / options.rate();
		int threads = Math.max(PRODUCERS, options.rate() / PER_PRODUCER);
		return PacedThreads.run(threads, events, System.nanoTime(), (seq) -> (long) (seq * nanosPerEvent), (seq) -> {
			long aheadMillis = ThreadLocalRandom.current().nextLong(1000, 5001);
			schedule.accept(seq, Instant.now().plusMillis(aheadMillis));
		});
	}


}
