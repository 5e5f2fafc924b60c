package dev.awty.benchmarks.chaos;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.benchmarks.harness.Options;

/**
 * The soak's faults, on a thread of their own: every {@code --kill-interval} one instance SIGKILLed and started again
 * (each in turn), and once PostgreSQL restarted ({@code pg_ctl restart -m fast}) halfway between the two kills around
 * the middle of the run, so that the two never coincide.
 */
final class SoakFaults {

	private static final Log logger = LogFactory.getLog(SoakFaults.class);

	private final Options options;

	private final SoakInstances instances;

	private final PrivateCluster cluster;

	private final SoakMonitor monitor;

	private final long startNanos;

	private final AtomicInteger kills = new AtomicInteger();

	private final AtomicInteger restarts = new AtomicInteger();

	private final Thread thread = new Thread(this::run, "soak-faults");

	private SoakFaults(Options options, SoakInstances instances, PrivateCluster cluster, SoakMonitor monitor,
			long startNanos) {
		this.options = options;
		this.instances = instances;
		this.cluster = cluster;
		this.monitor = monitor;
		this.startNanos = startNanos;
		this.thread.setDaemon(true);
	}

	/** Starts the faults of a run that began at {@code startNanos} (of {@link System#nanoTime()}). */
	static SoakFaults start(Options options, SoakInstances instances, PrivateCluster cluster, SoakMonitor monitor,
			long startNanos) {
		SoakFaults faults = new SoakFaults(options, instances, cluster, monitor, startNanos);
		faults.thread.start();
		return faults;
	}

	/** When PostgreSQL is restarted, from the start: halfway between the kills on either side of the middle. */
	static Duration restartAt(Duration killInterval, Duration duration) {
		long interval = killInterval.toMillis();
		long at = (duration.toMillis() / 2 / interval) * interval + interval / 2;
		return Duration.ofMillis(Math.min(at, duration.toMillis() * 3 / 4));
	}

	/** Waits until the last fault is over. */
	void awaitEnd() {
		try {
			this.thread.join(Duration.ofMinutes(5).toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	int kills() {
		return this.kills.get();
	}

	int restarts() {
		return this.restarts.get();
	}

	private void run() {
		Duration interval = this.options.killInterval();
		Duration duration = this.options.duration();
		Duration restartAt = restartAt(interval, duration);
		boolean restarted = false;
		for (int k = 1; interval.multipliedBy(k).compareTo(duration) < 0; k++) {
			Duration killAt = interval.multipliedBy(k);
			if (!restarted && restartAt.compareTo(killAt) < 0) {
				restartPostgres(restartAt);
				restarted = true;
			}
			int slot = (k - 1) % this.instances.slots().size() + 1;
			awaitOffset(killAt);
			try {
				this.instances.killAndRestart(slot);
				this.kills.incrementAndGet();
				this.monitor.note("instance " + slot + " killed");
			}
			catch (RuntimeException ex) {
				logger.warn("soak: killing and restarting instance " + slot + " failed: " + ex.getMessage(), ex);
				this.monitor.note("instance " + slot + " killed, not restarted");
				this.kills.incrementAndGet();
			}
		}
		if (!restarted) {
			restartPostgres(restartAt);
		}
	}

	private void restartPostgres(Duration at) {
		awaitOffset(at);
		long start = System.nanoTime();
		try {
			this.cluster.restart();
			this.restarts.incrementAndGet();
			logger.info(String.format("soak: PostgreSQL restarted in %.1f s", (System.nanoTime() - start) / 1e9));
			this.monitor.note("PostgreSQL restarted");
		}
		catch (RuntimeException ex) {
			logger.warn("soak: restarting PostgreSQL failed: " + ex.getMessage(), ex);
		}
	}

	private void awaitOffset(Duration offset) {
		long wait = this.startNanos + offset.toNanos() - System.nanoTime();
		if (wait > 0) {
			ChaosScenario.pause(Duration.ofNanos(wait));
		}
	}

}
