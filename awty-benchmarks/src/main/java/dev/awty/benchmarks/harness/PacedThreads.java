package dev.awty.benchmarks.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import java.util.function.LongUnaryOperator;

/**
 * Producer threads that each take every n-th sequence number and act on it at its planned moment, as the request
 * threads of a service would: the lag scenarios' producers and the chaos load's.
 */
public final class PacedThreads {

	private PacedThreads() {
	}

	/**
	 * Acts on sequence numbers {@code 0..events-1} from {@code threads} threads, each number no earlier than
	 * {@code startNanos} (of {@link System#nanoTime()}) plus its {@code offsetNanos}; a thread that falls behind
	 * acts at once.
	 * @return the rate achieved, events per second
	 * @throws IllegalStateException if an action failed
	 */
	public static double run(int threads, long events, long startNanos, LongUnaryOperator offsetNanos,
			LongConsumer action) {
		ExecutorService producers = Executors.newFixedThreadPool(threads);
		try {
			List<Future<?>> running = new ArrayList<>();
			for (int p = 0; p < threads; p++) {
				int offset = p;
				running.add(producers.submit(() -> {
					for (long seq = offset; seq < events; seq += threads) {
						long wait = startNanos + offsetNanos.applyAsLong(seq) - System.nanoTime();
						if (wait > 0) {
							LockSupport.parkNanos(wait);
						}
						action.accept(seq);
					}
				}));
			}
			for (Future<?> producer : running) {
				producer.get();
			}
		}
		catch (Exception ex) {
			throw new IllegalStateException("scheduling failed: " + ex.getMessage(), ex);
		}
		finally {
			producers.shutdownNow();
		}
		return events * 1e9 / (System.nanoTime() - startNanos);
	}

}
