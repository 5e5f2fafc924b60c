package dev.awty.benchmarks.chaos;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Receiver;

/**
 * What goes wrong during a chaos run: started with the load, told when the load ends, closed once every
 * event arrived (or the wait gave up). Work that spans the run happens on a thread of its own.
 */
abstract class Fault implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(Fault.class);

	/** Everything a fault may act on. */
	record Target(BenchDatabase database, SystemUnderTest sut, Receiver receiver, long loadStartNanos,
			long loadNanos, @Nullable PrivateCluster primary, @Nullable PrivateCluster standby) {

		PrivateCluster requirePrimary() {
			if (this.primary == null) {
				throw new IllegalStateException("this fault needs a private cluster");
			}
			return this.primary;
		}

	}

	private final Map<String, Double> figures = new LinkedHashMap<>();

	private volatile boolean loadEnded;

	private @Nullable Thread thread;

	/** Begins to disturb {@code target}. */
	abstract void start(Target target);

	/** The load stopped: stop disturbing, release what blocks delivery. */
	void endOfLoad() {
		this.loadEnded = true;
		Thread running = this.thread;
		if (running != null) {
			try {
				running.join(Duration.ofMinutes(3).toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

	/** After the wait for every event: releases anything still held. */
	@Override
	public void close() {
	}

	/** Figures the fault measured, such as how many backends it terminated, by metric name. */
	final synchronized Map<String, Double> figures() {
		return new LinkedHashMap<>(this.figures);
	}

	final synchronized void figure(String metric, double value) {
		this.figures.put(metric, value);
	}

	final boolean loadEnded() {
		return this.loadEnded;
	}

	/** Runs {@code work} on a thread of its own, logging rather than losing a failure. */
	final void onThread(String name, Runnable work) {
		Thread running = new Thread(() -> {
			try {
				work.run();
			}
			catch (RuntimeException ex) {
				logger.warn(name + " failed: " + ex.getMessage(), ex);
			}
		}, name);
		running.setDaemon(true);
		running.start();
		this.thread = running;
	}

	/** Waits until {@code fraction} of the load's planned duration passed; false if the load ended first. */
	final boolean awaitLoadFraction(Target target, double fraction) {
		long at = target.loadStartNanos() + (long) (fraction * target.loadNanos());
		while (System.nanoTime() < at) {
			if (this.loadEnded) {
				return false;
			}
			ChaosScenario.pause(Duration.ofMillis(20));
		}
		return !this.loadEnded;
	}

	/** The fault of a scenario without one: the load alone (overload). */
	static Fault none() {
		return new Fault() {

			@Override
			void start(Target target) {
			}

		};
	}

}
