package dev.awty.benchmarks.broker;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Threads for the raw loops' RabbitMQ connection factory that log what escapes them instead of leaving it to their
 * thread group. A channel handed back to the factory's cache waits for its outstanding confirms on the factory's
 * executor; now and then that channel was closed first, and the wait threw {@code PublisherCallbackChannel is
 * closed} (in 2 of 2 runs of {@code broker-rabbit --rows 50000 --reps 3}, on these threads, never on those of awty's
 * own factory). Uncaught, it reached the exec plugin's thread group, which ended the benchmark's Maven command in an
 * error after every result had been written.
 */
final class LoggingThreads {

	private static final Log logger = LogFactory.getLog(LoggingThreads.class);

	private LoggingThreads() {
	}

	/** A cached pool of daemon threads named {@code prefix} and a number; idle threads end after a minute. */
	static ExecutorService cachedPool(String prefix) {
		AtomicInteger count = new AtomicInteger();
		return Executors.newCachedThreadPool((task) -> {
			Thread thread = new Thread(task, prefix + count.incrementAndGet());
			thread.setDaemon(true);
			thread.setUncaughtExceptionHandler(
					(failed, ex) -> logger.warn("RabbitMQ channel thread " + failed.getName() + " failed: " + ex));
			return thread;
		});
	}

}
