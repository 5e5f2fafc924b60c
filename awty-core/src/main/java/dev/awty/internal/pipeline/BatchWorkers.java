package dev.awty.internal.pipeline;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The bounded pool that processes one type's claimed batches: a slot is taken before a claim and given back
 * when its batch is finished, so the poller claims exactly as fast as batches complete.
 */
final class BatchWorkers {

	private static final Log logger = LogFactory.getLog(BatchWorkers.class);

	private final String typeName;

	private final int concurrency;

	private final Semaphore slots;

	private @Nullable ExecutorService pool;

	BatchWorkers(String typeName, int concurrency) {
		this.typeName = typeName;
		this.concurrency = concurrency;
		this.slots = new Semaphore(concurrency);
	}

	void start() {
		AtomicInteger threads = new AtomicInteger();
		this.pool = Executors.newFixedThreadPool(this.concurrency, (task) -> {
			Thread thread = new Thread(task, "awty-" + this.typeName + "-" + threads.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
	}

	/**
	 * Takes a free slot, waiting while {@code running} holds and {@code deadlineNanos} has not passed.
	 * @return whether a slot was taken; the caller then either {@link #submit}s a batch or {@link #release}s it
	 */
	boolean acquire(long deadlineNanos, BooleanSupplier running) {
		try {
			while (running.getAsBoolean() && System.nanoTime() <= deadlineNanos) {
				if (this.slots.tryAcquire(100, TimeUnit.MILLISECONDS)) {
					return true;
				}
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		return false;
	}

	/** How many slots are free now: no batch runs in them. */
	int idle() {
		return this.slots.availablePermits();
	}

	/**
	 * Takes {@code count} free slots without waiting, as many as {@link #idle()} said are free: only the poller takes
	 * slots, so they cannot have been taken since.
	 */
	void acquireIdle(int count) {
		if (count > 0 && !this.slots.tryAcquire(count)) {
			throw new IllegalStateException("awty: " + count + " idle worker slot(s) of type '" + this.typeName
					+ "' were taken meanwhile");
		}
	}

	void release() {
		this.slots.release();
	}

	/**
	 * Runs {@code batch} on a worker and gives its slot back when it ends.
	 * @return {@code false} (slot given back) if the pool is shutting down and refused the batch
	 */
	boolean submit(Runnable batch) {
		try {
			this.pool.execute(() -> {
				try {
					batch.run();
				}
				finally {
					release();
				}
			});
			return true;
		}
		catch (RejectedExecutionException ex) {
			release();
			return false;
		}
	}

	/** Lets batches in flight finish until {@code deadlineNanos}. */
	void awaitIdle(long deadlineNanos) {
		ExecutorService workers = this.pool;
		if (workers == null) {
			return;
		}
		workers.shutdown();
		try {
			if (!workers.awaitTermination(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS)) {
				logger.warn("awty: batches of type '" + this.typeName + "' were still in flight at shutdown;"
						+ " their rows are delivered again once their lease runs out");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
