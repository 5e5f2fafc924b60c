package dev.awty.internal.delivery;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import net.javacrumbs.shedlock.core.ClockProvider;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.core.SimpleLock;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.scheduling.TaskScheduler;

/**
 * Polls one event type in leader mode: whoever holds the type's lock drains its due rows batch after
 * batch, then sleeps for the poll interval. A failed cycle is logged and retried after a growing pause;
 * the poller never dies of it.
 */
final class DeliveryPoller {

	private static final Log logger = LogFactory.getLog(DeliveryPoller.class);

	private static final Duration MAX_ERROR_PAUSE = Duration.ofSeconds(30);

	private final String typeName;

	private final String lockName;

	private final BatchDelivery<?> delivery;

	private final TypeSettings settings;

	private final LockProvider lockProvider;

	private volatile boolean running;

	private volatile @Nullable ScheduledFuture<?> next;

	private @Nullable TaskScheduler scheduler;

	private int failedCycles;

	DeliveryPoller(String typeName, String lockName, BatchDelivery<?> delivery, TypeSettings settings,
			LockProvider lockProvider) {
		this.typeName = typeName;
		this.lockName = lockName;
		this.delivery = delivery;
		this.settings = settings;
		this.lockProvider = lockProvider;
	}

	void start(TaskScheduler scheduler) {
		this.scheduler = scheduler;
		this.running = true;
		scheduleNext(Duration.ZERO);
	}

	/** Stops scheduling; a cycle in progress finishes its current batch. */
	void stop() {
		this.running = false;
		ScheduledFuture<?> future = this.next;
		if (future != null) {
			future.cancel(false);
		}
	}

	private void scheduleNext(Duration delay) {
		TaskScheduler taskScheduler = this.scheduler;
		if (this.running && taskScheduler != null) {
			this.next = taskScheduler.schedule(this::runCycle, Instant.now().plus(delay));
		}
	}

	private void runCycle() {
		if (!this.running) {
			return;
		}
		Duration delay;
		try {
			delay = cycle();
			if (this.failedCycles > 0) {
				logger.info("awty: poller of type '" + this.typeName + "' recovered after " + this.failedCycles
						+ " failed cycle(s)");
			}
			this.failedCycles = 0;
		}
		catch (RuntimeException ex) {
			this.failedCycles++;
			delay = errorPause();
			Throwable cause = NestedExceptionUtils.getMostSpecificCause(ex);
			logger.warn("awty: poller of type '" + this.typeName + "' failed (" + cause.getClass().getSimpleName() + ": "
					+ cause.getMessage() + "); trying again in " + delay.toMillis() + " ms");
			logger.debug("awty: poller failure of type '" + this.typeName + "'", ex);
		}
		scheduleNext(delay);
	}

	private Duration cycle() {
		LockConfiguration config = new LockConfiguration(ClockProvider.now(), this.lockName, this.settings.lease(),
				Duration.ZERO);
		Optional<SimpleLock> lock = this.lockProvider.lock(config);
		if (lock.isEmpty()) {
			return this.settings.pollInterval();
		}
		try {
			// Give the lock back well before it expires so that no second leader can appear mid-batch.
			long deadline = System.nanoTime() + this.settings.lease().toNanos() / 2;
			while (this.running) {
				int claimed = this.delivery.deliverOnce();
				if (claimed < this.settings.batchSize()) {
					return this.settings.pollInterval();
				}
				if (System.nanoTime() > deadline) {
					return Duration.ZERO;
				}
			}
			return this.settings.pollInterval();
		}
		finally {
			lock.get().unlock();
		}
	}

	private Duration errorPause() {
		long millis = this.settings.pollInterval().toMillis() << Math.min(this.failedCycles - 1, 10);
		return Duration.ofMillis(Math.min(millis, Math.max(MAX_ERROR_PAUSE.toMillis(), this.settings.pollInterval().toMillis())));
	}

}
