package dev.awty.internal.pipeline;

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
import dev.awty.internal.delivery.ErrorText;
import dev.awty.internal.delivery.TypeLock;
import dev.awty.internal.wakeup.WakeUpPlan;

/**
 * Polls one {@link PollSource}. Each cycle claims batches while rows remain due, handing each to the source's
 * {@link BatchWorkers} and claiming the next as soon as a worker is free; it sleeps only when nothing is due, until
 * the source's idle delay ends or a wake-up comes. In leader mode a cycle runs only while this instance holds the
 * source's lock, and stops claiming well before the lock expires. A failed cycle is logged and retried after a
 * growing {@link ErrorPause}: the loop never dies of it.
 */
final class PollLoop<B extends PollSource.Batch> {

	private static final Log logger = LogFactory.getLog(PollLoop.class);

	private final LoopSettings settings;

	private final String described;

	private final PollSource<B> source;

	private final TypeLock lock;

	private final BatchWorkers workers;

	private final ErrorPause errors;

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

	/** @param described names the source in log lines, e.g. {@code type 'purchase'} */
	PollLoop(LoopSettings settings, String described, PollSource<B> source, LockProvider lockProvider, Clock clock) {
		this.settings = settings;
		this.described = described;
		this.source = source;
		this.lock = new TypeLock(lockProvider, settings.lockName(), settings.lease());
		this.workers = new BatchWorkers(settings.name(), settings.concurrency());
		this.errors = new ErrorPause(described, settings.pollInterval());
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
		Duration delay;
		this.claimedInCycle = 0;
		try {
			delay = cycle();
			this.errors.succeeded();
		}
		catch (Throwable ex) {
			// An Error too: a loop that died of one would stop delivering without a word.
			delay = this.errors.failed(ex);
		}
		synchronized (this.monitor) {
			this.cycling = false;
			this.monitor.notifyAll();
			scheduleAt(this.plan.nextRun(this.plan.afterCycle(delay, this.claimedInCycle > 0)));
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
			B batch = claimOrRelease();
			if (batch == null || batch.size() == 0) {
				this.workers.release();
				break;
			}
			this.claimedInCycle += batch.size();
			// A batch claimed ahead waits for its due time in its worker: held rows count as in flight.
			if (!this.workers.submit(() -> process(batch))) {
				this.source.release(batch);
				break;
			}
			if (batch.size() < this.settings.batchSize()) {
				break;
			}
		}
		return this.running ? this.source.idleDelay(this.settings.pollInterval()) : this.settings.pollInterval();
	}

	/**
	 * Claims a batch; gives the worker slot back when the claim fails.
	 * @return {@code null} when another instance held the lock
	 */
	private @Nullable B claimOrRelease() {
		try {
			if (this.settings.mode() == ClaimMode.LEADER || this.source.claimsSkipLockedRows()) {
				return this.source.claim();
			}
			// The database cannot skip locked rows: concurrent claims take turns under the source's lock.
			return this.lock.<@Nullable B>whileHeld(this.source::claim, null);
		}
		catch (RuntimeException ex) {
			this.workers.release();
			throw ex;
		}
	}

	private void process(B batch) {
		try {
			this.source.process(batch);
		}
		catch (Throwable ex) {
			logger.warn("awty: a batch of " + batch.size() + " row(s) of " + this.described + " could not be finished ("
					+ ErrorText.of(ex) + "); its rows are retried once their lease runs out");
		}
	}

	String name() {
		return this.settings.name();
	}

	/** Whether the loop is stopped, or has a cycle running or scheduled: {@code false} means it died. */
	boolean isAlive() {
		synchronized (this.monitor) {
			return !this.running || this.cycling || (this.next != null && !this.next.isDone());
		}
	}

}
