package dev.awty.internal.delivery;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledFuture;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import net.javacrumbs.shedlock.core.LockProvider;

import org.springframework.scheduling.TaskScheduler;

import dev.awty.ClaimMode;
import dev.awty.ScheduledEntity;
import dev.awty.internal.support.ErrorText;
import dev.awty.internal.support.TypeLock;

/**
 * Polls one event type. Each cycle claims batches while rows remain due, handing each to the type's
 * {@link BatchWorkers} and claiming the next as soon as a worker is free; it sleeps only when nothing is
 * due. In leader mode a cycle runs only while this instance holds the type's lock, and stops claiming well
 * before the lock expires. A failed cycle is logged and retried after a growing pause: the poller never dies
 * of it.
 */
final class DeliveryPoller<T extends ScheduledEntity> {

	private static final Log logger = LogFactory.getLog(DeliveryPoller.class);

	private static final Duration MAX_ERROR_PAUSE = Duration.ofSeconds(30);

	private final String typeName;

	private final BatchDelivery<T> delivery;

	private final TypeSettings settings;

	private final TypeLock lock;

	private final BatchWorkers workers;

	private final Object monitor = new Object();

	private final WakeUpPlan plan;

	private volatile boolean running;

	private @Nullable TaskScheduler scheduler;

	private @Nullable ScheduledFuture<?> next;

	private @Nullable Instant nextRunAt;

	/** Identifies the one scheduled run that is current; a run that was replaced finds another number. */
	private long generation;

	private boolean cycling;

	private int claimedInCycle;

	private int failedCycles;

	DeliveryPoller(String typeName, String lockName, BatchDelivery<T> delivery, TypeSettings settings,
			LockProvider lockProvider, Clock clock) {
		this.typeName = typeName;
		this.delivery = delivery;
		this.settings = settings;
		this.lock = new TypeLock(lockProvider, lockName, settings.lease());
		this.workers = new BatchWorkers(typeName, settings.concurrency());
		this.plan = new WakeUpPlan(clock);
	}

	void start(TaskScheduler scheduler) {
		this.workers.start();
		synchronized (this.monitor) {
			this.scheduler = scheduler;
			this.running = true;
			scheduleAt(this.plan.nextRun(Duration.ZERO));
		}
	}

	/** Stops claiming; batches already claimed go on. */
	void stopClaiming() {
		synchronized (this.monitor) {
			this.running = false;
			this.generation++;
			if (this.next != null) {
				this.next.cancel(false);
			}
		}
	}

	/** Waits until {@code deadlineNanos} for the cycle and the batches in flight to finish. */
	void awaitIdle(long deadlineNanos) {
		synchronized (this.monitor) {
			while (this.cycling && System.nanoTime() < deadlineNanos) {
				try {
					this.monitor.wait(50);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					return;
				}
			}
		}
		this.workers.awaitIdle(deadlineNanos);
	}

	/**
	 * Makes a cycle start no later than {@code dueAt} minus the claim-ahead.
	 * @param local whether the row was scheduled on this instance, whose clock timed the wake-up
	 */
	void wakeUpBy(Instant dueAt, boolean local) {
		// A claim that many milliseconds early picks the row up; it is still published at its due time.
		Instant claimAt = dueAt.minus(this.settings.claimAhead());
		synchronized (this.monitor) {
			if (!this.running) {
				return;
			}
			this.plan.add(claimAt, local);
			if (this.cycling || (this.nextRunAt != null && !claimAt.isBefore(this.nextRunAt))) {
				return;
			}
			if (this.next != null) {
				this.next.cancel(false);
			}
			scheduleAt(claimAt);
		}
	}

	private void scheduleAt(Instant at) {
		TaskScheduler taskScheduler = this.scheduler;
		if (this.running && taskScheduler != null) {
			long current = ++this.generation;
			this.nextRunAt = at;
			this.next = taskScheduler.schedule(() -> runCycle(current), at);
		}
	}

	private void runCycle(long scheduledGeneration) {
		synchronized (this.monitor) {
			if (!this.running || this.cycling || scheduledGeneration != this.generation) {
				return;
			}
			this.cycling = true;
			this.nextRunAt = null;
			this.plan.cycleStarting();
		}
		Duration delay = this.settings.pollInterval();
		this.claimedInCycle = 0;
		try {
			delay = cycle();
			if (this.failedCycles > 0) {
				logger.info("awty: poller of type '" + this.typeName + "' recovered after " + this.failedCycles
						+ " failed cycle(s)");
			}
			this.failedCycles = 0;
		}
		catch (Throwable ex) {
			this.failedCycles++;
			delay = errorPause();
			logger.warn("awty: poller of type '" + this.typeName + "' failed (" + ErrorText.of(ex) + "); trying again in "
					+ delay.toMillis() + " ms");
			logger.debug("awty: poller failure of type '" + this.typeName + "'", ex);
		}
		finally {
			synchronized (this.monitor) {
				this.cycling = false;
				this.monitor.notifyAll();
				scheduleAt(this.plan.nextRun(this.plan.afterCycle(delay, this.claimedInCycle > 0)));
			}
		}
	}

	private Duration cycle() {
		if (this.settings.mode() == ClaimMode.SKIP_LOCKED) {
			return drain(Long.MAX_VALUE);
		}
		// Stop claiming well before the lock expires, so that no second leader claims alongside this one.
		return this.lock.whileHeld(() -> drain(System.nanoTime() + this.settings.lease().toNanos() / 2),
				this.settings.pollInterval());
	}

	private Duration drain(long deadlineNanos) {
		while (this.running) {
			if (!this.workers.acquire(deadlineNanos, () -> this.running)) {
				return this.running ? Duration.ZERO : this.settings.pollInterval();
			}
			if (System.nanoTime() > deadlineNanos) {
				this.workers.release();
				return Duration.ZERO;
			}
			ClaimedBatch<T> batch;
			try {
				batch = claim();
			}
			catch (RuntimeException ex) {
				this.workers.release();
				throw ex;
			}
			if (batch.rows().isEmpty()) {
				this.workers.release();
				break;
			}
			this.claimedInCycle += batch.rows().size();
			// A batch claimed ahead waits for its due time in its worker: held rows count as in flight.
			if (!this.workers.submit(() -> process(batch))) {
				this.delivery.release(batch);
				break;
			}
			if (batch.rows().size() < this.settings.batchSize()) {
				break;
			}
		}
		return this.settings.pollInterval();
	}

	private ClaimedBatch<T> claim() {
		if (this.settings.mode() == ClaimMode.LEADER || this.delivery.claimsSkipLockedRows()) {
			return this.delivery.claim();
		}
		// The database cannot skip locked rows: concurrent claims of the type take turns under its lock.
		return this.lock.whileHeld(this.delivery::claim, ClaimedBatch.empty());
	}

	private void process(ClaimedBatch<T> batch) {
		try {
			this.delivery.process(batch);
		}
		catch (Throwable ex) {
			logger.warn("awty: a batch of " + batch.rows().size() + " row(s) of type '" + this.typeName
					+ "' could not be finished (" + ErrorText.of(ex) + "); its rows are retried once their lease runs out");
		}
	}

	String typeName() {
		return this.typeName;
	}

	/** Whether the poller is stopped, or has a cycle running or scheduled: {@code false} means it died. */
	boolean isAlive() {
		synchronized (this.monitor) {
			return !this.running || this.cycling || (this.next != null && !this.next.isDone());
		}
	}

	private Duration errorPause() {
		long millis = this.settings.pollInterval().toMillis() << Math.min(this.failedCycles - 1, 10);
		return Duration.ofMillis(Math.min(millis, Math.max(MAX_ERROR_PAUSE.toMillis(), this.settings.pollInterval().toMillis())));
	}

}
