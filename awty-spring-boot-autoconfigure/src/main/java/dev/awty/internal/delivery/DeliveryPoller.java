package dev.awty.internal.delivery;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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
 * mode a cycle runs only while this instance holds the type's lock. A failed cycle is logged and retried
 * after a growing pause: the poller never dies of it.
 */
final class DeliveryPoller<T extends ScheduledEntity> {

	private static final Log logger = LogFactory.getLog(DeliveryPoller.class);

	private static final Duration MAX_ERROR_PAUSE = Duration.ofSeconds(30);

	/**
	 * How long after an awaited due time a poller keeps re-checking: the JVM clock that timed the wake-up may
	 * run ahead of the database clock that decides what is due.
	 */
	private static final Duration CLOCK_TOLERANCE = Duration.ofSeconds(5);

	private final String typeName;

	private final String lockName;

	private final BatchDelivery<T> delivery;

	private final TypeSettings settings;

	private final LockProvider lockProvider;

	private final Semaphore capacity;

	private final Clock clock;

	private final Object monitor = new Object();

	private volatile boolean running;

	private @Nullable TaskScheduler scheduler;

	private @Nullable ExecutorService workers;

	private @Nullable ScheduledFuture<?> next;

	private @Nullable Instant nextRunAt;

	private @Nullable Instant wakeRequest;

	private @Nullable Instant awaitedDue;

	private int recheck;

	private int claimedInCycle;

	private boolean cycling;

	private int failedCycles;

	DeliveryPoller(String typeName, String lockName, BatchDelivery<T> delivery, TypeSettings settings,
			LockProvider lockProvider, Clock clock) {
		this.clock = clock;
		this.typeName = typeName;
		this.lockName = lockName;
		this.delivery = delivery;
		this.settings = settings;
		this.lockProvider = lockProvider;
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
			scheduleNext(Duration.ZERO);
		}
	}

	/** Stops claiming, then waits up to {@code timeout} for batches in flight. */
	void stop(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		synchronized (this.monitor) {
			this.running = false;
			if (this.next != null) {
				this.next.cancel(false);
			}
			// A cycle in progress may still hand a claimed batch to the workers: let it finish first.
			while (this.cycling && System.nanoTime() < deadline) {
				try {
					this.monitor.wait(50);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					break;
				}
			}
		}
		ExecutorService pool = this.workers;
		if (pool != null) {
			pool.shutdown();
			try {
				if (!pool.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
					logger.warn("awty: batches of type '" + this.typeName + "' still in flight after " + timeout
							+ "; their rows are delivered again once their lease runs out");
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

	/** Makes the next cycle start no later than {@code dueAt}. */
	void wakeUpBy(Instant dueAt) {
		synchronized (this.monitor) {
			if (!this.running) {
				return;
			}
			this.awaitedDue = (this.awaitedDue == null || dueAt.isBefore(this.awaitedDue)) ? dueAt : this.awaitedDue;
			if (this.cycling) {
				this.wakeRequest = (this.wakeRequest == null || dueAt.isBefore(this.wakeRequest)) ? dueAt : this.wakeRequest;
				return;
			}
			if (this.nextRunAt != null && !dueAt.isBefore(this.nextRunAt)) {
				return;
			}
			if (this.next != null) {
				this.next.cancel(false);
			}
			scheduleAt(dueAt);
		}
	}

	private void scheduleNext(Duration delay) {
		// The JVM clock only paces the pollers; what is due is always decided by the database's clock.
		Instant at = this.clock.instant().plus(delay);
		if (this.wakeRequest != null && this.wakeRequest.isBefore(at)) {
			at = this.wakeRequest;
		}
		this.wakeRequest = null;
		scheduleAt(at);
	}

	private void scheduleAt(Instant at) {
		TaskScheduler taskScheduler = this.scheduler;
		if (this.running && taskScheduler != null) {
			this.nextRunAt = at;
			this.next = taskScheduler.schedule(this::runCycle, at);
		}
	}

	private void runCycle() {
		synchronized (this.monitor) {
			if (!this.running || this.cycling) {
				return;
			}
			this.cycling = true;
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
			if (awaited == null || this.claimedInCycle > 0
					|| this.clock.instant().isAfter(awaited.plus(CLOCK_TOLERANCE))) {
				this.awaitedDue = null;
				this.recheck = 0;
				return delay;
			}
			if (this.clock.instant().isBefore(awaited)) {
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
			// Give the lock back well before it expires so that no second leader appears while this one claims.
			return drain(System.nanoTime() + this.settings.lease().toNanos() / 2);
		}
		finally {
			lock.get().unlock();
		}
	}

	private Duration drain(long deadlineNanos) {
		while (this.running) {
			if (!awaitCapacity()) {
				break;
			}
			List<T> rows;
			try {
				rows = claim();
			}
			catch (RuntimeException ex) {
				this.capacity.release();
				throw ex;
			}
			if (rows.isEmpty()) {
				this.capacity.release();
				break;
			}
			this.claimedInCycle += rows.size();
			this.workers.execute(() -> process(rows));
			if (rows.size() < this.settings.batchSize()) {
				break;
			}
			if (System.nanoTime() > deadlineNanos) {
				return Duration.ZERO;
			}
		}
		return this.settings.pollInterval();
	}

	private List<T> claim() {
		if (this.settings.mode() == ClaimMode.LEADER || this.delivery.claimsSkipLockedRows()) {
			return this.delivery.claim();
		}
		Optional<SimpleLock> lock = this.lockProvider.lock(lockConfiguration());
		if (lock.isEmpty()) {
			return List.of();
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

	private void process(List<T> rows) {
		try {
			this.delivery.process(rows);
		}
		catch (RuntimeException ex) {
			Throwable cause = NestedExceptionUtils.getMostSpecificCause(ex);
			logger.warn("awty: a batch of " + rows.size() + " row(s) of type '" + this.typeName
					+ "' could not be finished (" + cause.getClass().getSimpleName() + ": " + cause.getMessage()
					+ "); its rows are retried once their lease runs out");
		}
		finally {
			this.capacity.release();
		}
	}

	private boolean awaitCapacity() {
		try {
			while (this.running) {
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
