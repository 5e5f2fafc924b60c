package dev.awty.internal.delivery;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import net.javacrumbs.shedlock.core.ClockProvider;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.core.SimpleLock;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.scheduling.TaskScheduler;

import dev.awty.ClaimMode;
import dev.awty.ScheduledEntity;

/**
 * Polls one event type. Each cycle claims batches while rows remain due, handing each to a bounded pool of
 * workers and claiming the next as soon as a worker is free; it sleeps only when nothing is due. In leader
 * mode a cycle runs only while this instance holds the type's lock, and stops claiming well before the lock
 * expires. A failed cycle is logged and retried after a growing pause: the poller never dies of it.
 */
final class DeliveryPoller<T extends ScheduledEntity> {

	private static final Log logger = LogFactory.getLog(DeliveryPoller.class);

	private static final Duration MAX_ERROR_PAUSE = Duration.ofSeconds(30);

	/**
	 * How long after a locally awaited due time a poller keeps re-checking: the JVM clock that timed the
	 * wake-up may run ahead of the database clock that decides what is due.
	 */
	private static final Duration CLOCK_TOLERANCE = Duration.ofSeconds(5);

	private static final int MAX_PENDING_WAKE_UPS = 10_000;

	private final String typeName;

	private final String lockName;

	private final BatchDelivery<T> delivery;

	private final TypeSettings settings;

	private final LockProvider lockProvider;

	private final Semaphore capacity;

	private final Clock clock;

	private final Object monitor = new Object();

	/** Due times this instance was told about and has not yet looked at, earliest first. */
	private final NavigableSet<Instant> wakeUps = new TreeSet<>();

	private volatile boolean running;

	private @Nullable TaskScheduler scheduler;

	private @Nullable ExecutorService workers;

	private @Nullable ScheduledFuture<?> next;

	private @Nullable Instant nextRunAt;

	/** Identifies the one scheduled run that is current; a run that was replaced finds another number. */
	private long generation;

	private boolean cycling;

	private @Nullable Instant awaitedDue;

	private int recheck;

	private int claimedInCycle;

	private int failedCycles;

	DeliveryPoller(String typeName, String lockName, BatchDelivery<T> delivery, TypeSettings settings,
			LockProvider lockProvider, Clock clock) {
		this.typeName = typeName;
		this.lockName = lockName;
		this.delivery = delivery;
		this.settings = settings;
		this.lockProvider = lockProvider;
		this.clock = clock;
		this.capacity = new Semaphore(settings.concurrency());
	}

	void start(TaskScheduler scheduler) {
		AtomicInteger threads = new AtomicInteger();
		this.workers = Executors.newFixedThreadPool(this.settings.concurrency(), (task) -> {
			Thread thread = new Thread(task, "awty-" + this.typeName + "-" + threads.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
		synchronized (this.monitor) {
			this.scheduler = scheduler;
			this.running = true;
			scheduleAt(this.clock.instant());
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
		ExecutorService pool = this.workers;
		if (pool != null) {
			pool.shutdown();
			try {
				long remaining = Math.max(0, deadlineNanos - System.nanoTime());
				if (!pool.awaitTermination(remaining, TimeUnit.NANOSECONDS)) {
					logger.warn("awty: batches of type '" + this.typeName + "' were still in flight at shutdown;"
							+ " their rows are delivered again once their lease runs out");
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

	/**
	 * Makes a cycle start no later than {@code dueAt}.
	 * @param local whether the row was scheduled on this instance, whose clock timed the wake-up
	 */
	void wakeUpBy(Instant dueAt, boolean local) {
		synchronized (this.monitor) {
			if (!this.running) {
				return;
			}
			if (local) {
				this.awaitedDue = (this.awaitedDue == null || dueAt.isBefore(this.awaitedDue)) ? dueAt : this.awaitedDue;
			}
			if (this.wakeUps.size() < MAX_PENDING_WAKE_UPS) {
				this.wakeUps.add(dueAt);
			}
			if (this.cycling || (this.nextRunAt != null && !dueAt.isBefore(this.nextRunAt))) {
				return;
			}
			if (this.next != null) {
				this.next.cancel(false);
			}
			scheduleAt(dueAt);
		}
	}

	private void scheduleNext(Duration delay) {
		Instant now = this.clock.instant();
		this.wakeUps.headSet(now, true).clear();
		Instant at = now.plus(delay);
		if (!this.wakeUps.isEmpty() && this.wakeUps.first().isBefore(at)) {
			at = this.wakeUps.first();
		}
		scheduleAt(at);
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
		}
		Duration delay = this.settings.pollInterval();
		this.claimedInCycle = 0;
		try {
			delay = recheckIfAwaitedRowWasMissed(cycle());
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
		finally {
			synchronized (this.monitor) {
				this.cycling = false;
				this.monitor.notifyAll();
				scheduleNext(delay);
			}
		}
	}

	private Duration recheckIfAwaitedRowWasMissed(Duration delay) {
		synchronized (this.monitor) {
			Instant awaited = this.awaitedDue;
			Instant now = this.clock.instant();
			if (awaited == null || this.claimedInCycle > 0 || now.isAfter(awaited.plus(CLOCK_TOLERANCE))) {
				this.awaitedDue = null;
				this.recheck = 0;
				return delay;
			}
			if (now.isBefore(awaited)) {
				return delay;
			}
			Duration soon = Duration.ofMillis(Math.min(500, 10L << Math.min(this.recheck++, 6)));
			return (soon.compareTo(delay) < 0) ? soon : delay;
		}
	}

	private Duration cycle() {
		if (this.settings.mode() == ClaimMode.SKIP_LOCKED) {
			return drain(Long.MAX_VALUE);
		}
		Optional<SimpleLock> lock = this.lockProvider.lock(lockConfiguration());
		if (lock.isEmpty()) {
			return this.settings.pollInterval();
		}
		try {
			// Stop claiming well before the lock expires, so that no second leader claims alongside this one.
			return drain(System.nanoTime() + this.settings.lease().toNanos() / 2);
		}
		finally {
			lock.get().unlock();
		}
	}

	private Duration drain(long deadlineNanos) {
		while (this.running) {
			if (!awaitCapacity(deadlineNanos)) {
				return this.running ? Duration.ZERO : this.settings.pollInterval();
			}
			if (System.nanoTime() > deadlineNanos) {
				this.capacity.release();
				return Duration.ZERO;
			}
			ClaimedBatch<T> batch;
			try {
				batch = claim();
			}
			catch (RuntimeException ex) {
				this.capacity.release();
				throw ex;
			}
			if (batch.rows().isEmpty()) {
				this.capacity.release();
				break;
			}
			this.claimedInCycle += batch.rows().size();
			try {
				this.workers.execute(() -> process(batch));
			}
			catch (RejectedExecutionException ex) {
				this.capacity.release();
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
		Optional<SimpleLock> lock = this.lockProvider.lock(lockConfiguration());
		if (lock.isEmpty()) {
			return ClaimedBatch.empty();
		}
		try {
			return this.delivery.claim();
		}
		finally {
			lock.get().unlock();
		}
	}

	private LockConfiguration lockConfiguration() {
		return new LockConfiguration(ClockProvider.now(), this.lockName, this.settings.lease(), Duration.ZERO);
	}

	private void process(ClaimedBatch<T> batch) {
		try {
			this.delivery.process(batch);
		}
		catch (RuntimeException ex) {
			Throwable cause = NestedExceptionUtils.getMostSpecificCause(ex);
			logger.warn("awty: a batch of " + batch.rows().size() + " row(s) of type '" + this.typeName
					+ "' could not be finished (" + cause.getClass().getSimpleName() + ": " + cause.getMessage()
					+ "); its rows are retried once their lease runs out");
		}
		finally {
			this.capacity.release();
		}
	}

	private boolean awaitCapacity(long deadlineNanos) {
		try {
			while (this.running && System.nanoTime() <= deadlineNanos) {
				if (this.capacity.tryAcquire(100, TimeUnit.MILLISECONDS)) {
					return true;
				}
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		return false;
	}

	private Duration errorPause() {
		long millis = this.settings.pollInterval().toMillis() << Math.min(this.failedCycles - 1, 10);
		return Duration.ofMillis(Math.min(millis, Math.max(MAX_ERROR_PAUSE.toMillis(), this.settings.pollInterval().toMillis())));
	}

}
