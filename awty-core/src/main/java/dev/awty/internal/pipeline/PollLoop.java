package dev.awty.internal.pipeline;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledFuture;

import org.jspecify.annotations.Nullable;

import net.javacrumbs.shedlock.core.LockProvider;

import org.springframework.scheduling.TaskScheduler;

import dev.awty.internal.support.TypeLock;
import dev.awty.internal.wakeup.WakeUpPlan;

/**
 * Polls one {@link PollSource}: runs a {@link LoopCycle} (claim while rows remain due, each batch on a worker), then
 * sleeps until the source's idle delay ends or a wake-up comes ({@link WakeUpPlan}); a wake-up for a row due within
 * the claim-ahead starts a cycle that much earlier. A failed cycle is logged and retried after a growing
 * {@link ErrorPause}: the loop never dies of it. Stopping ends claiming and lets batches in flight finish.
 */
final class PollLoop<B extends PollSource.Batch> {

	/**
	 * Without a claim-ahead, a run planned this soon still spares the probe: a row it did not see is at most this late,
	 * and a loop woken for every row of a busy stream does not probe once per cycle.
	 */
	private static final Duration MIN_SOON = Duration.ofMillis(20);

	private final LoopSettings settings;

	private final BatchWorkers workers;

	private final LoopCycle<B> cycle;

	private final ErrorPause errors;

	private final PauseCheck pauses;

	/** How old the paused state may be when a cycle reads it: half the poll interval, so a pause holds within one. */
	private final Duration pauseAge;

	private final PollSource<B> source;

	private final Object monitor = new Object();

	private final WakeUpPlan plan;

	/** A run planned within this needs no probe of the source for rows it was not told about. */
	private final Duration soon;

	private volatile boolean running;

	private @Nullable TaskScheduler scheduler;

	private @Nullable ScheduledFuture<?> next;

	private @Nullable Instant nextRunAt;

	/** Identifies the one scheduled run that is current; a run that was replaced finds another number. */
	private long generation;

	private boolean cycling;

	/** @param described names the source in log lines, e.g. {@code type 'purchase'} */
	PollLoop(LoopSettings settings, String described, PollSource<B> source, LockProvider lockProvider, Clock clock,
			PauseCheck pauses) {
		this.settings = settings;
		this.pauses = pauses;
		this.pauseAge = settings.pollInterval().dividedBy(2);
		this.workers = new BatchWorkers(settings.name(), settings.concurrency());
		this.source = source;
		this.cycle = new LoopCycle<>(settings, described, source,
				new TypeLock(lockProvider, settings.lockName(), settings.lease()), this.workers, this::runPlannedSoon);
		this.errors = new ErrorPause(described, settings.pollInterval());
		this.plan = new WakeUpPlan(clock);
		this.soon = (settings.soon().compareTo(MIN_SOON) > 0) ? settings.soon() : MIN_SOON;
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

	/** Waits until {@code deadlineNanos} for the cycle and the batches in flight to finish, and their outcomes. */
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
		this.source.awaitWritten(deadlineNanos);
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
		boolean forDueTime;
		synchronized (this.monitor) {
			if (!this.running || this.cycling || scheduledGeneration != this.generation) {
				return;
			}
			this.cycling = true;
			this.nextRunAt = null;
			forDueTime = this.plan.dueTimeReached();
			this.plan.cycleStarting();
		}
		this.source.cycleStarting(forDueTime);
		Duration delay;
		try {
			// Checked before the cycle takes a lock, and again before each claim: a pause stops a long drain too.
			delay = paused() ? this.settings.pollInterval() : this.cycle.run(() -> this.running && !paused());
			this.errors.succeeded();
		}
		catch (Throwable ex) {
			// An Error too: a loop that died of one would stop delivering without a word.
			delay = this.errors.failed(ex);
		}
		synchronized (this.monitor) {
			this.cycling = false;
			this.monitor.notifyAll();
			scheduleAt(this.plan.nextRun(this.plan.afterCycle(delay, this.cycle.claimed() > 0)));
		}
	}

	private boolean paused() {
		return this.pauses.isPaused(this.settings.name(), this.pauseAge);
	}

	/**
	 * Whether a run is planned within {@link LoopSettings#soon()} for a due time the loop was told about. That run claims every
	 * row due within the claim-ahead of it and looks again, so a row another instance scheduled, which the claim just
	 * made did not take, is still claimed before its due time without a probe now.
	 */
	private boolean runPlannedSoon() {
		synchronized (this.monitor) {
			return this.plan.expectsRunWithin(this.soon);
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
