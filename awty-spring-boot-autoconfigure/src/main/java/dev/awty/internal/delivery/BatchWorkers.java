package dev.awty.internal.delivery;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
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

	/** Runs batches claimed ahead of their due time, which mostly wait, outside the bounded pool. */
	private @Nullable ExecutorService holders;

	/** Whether batches held for their due time are published one after the other, keeping the type's due order. */
	private final boolean ordered;

	BatchWorkers(String typeName, int concurrency, boolean ordered) {
		this.typeName = typeName;
		this.concurrency = concurrency;
		this.ordered = ordered;
		this.slots = new Semaphore(concurrency);
	}

	void start() {
		AtomicInteger threads = new AtomicInteger();
		this.pool = Executors.newFixedThreadPool(this.concurrency, (task) -> {
			Thread thread = new Thread(task, "awty-" + this.typeName + "-" + threads.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
		AtomicInteger holderThreads = new AtomicInteger();
		ThreadFactory holderFactory = (task) -> {
			Thread thread = new Thread(task, "awty-" + this.typeName + "-due-" + holderThreads.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		};
		// Held batches are claimed in due order, so running them one after the other keeps it.
		this.holders = this.ordered ? Executors.newSingleThreadExecutor(holderFactory)
				: Executors.newCachedThreadPool(holderFactory);
	}

	/**
	 * Runs {@code batch}, claimed ahead of its due time, without taking a slot: it waits for its due time
	 * rather than working, and must not hold up the claims of rows that are already due.
	 * @return {@code false} if the pool is shutting down and refused the batch
	 */
	boolean hold(Runnable batch) {
		try {
			this.holders.execute(batch);
			return true;
		}
		catch (RejectedExecutionException ex) {
			return false;
		}
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
		ExecutorService held = this.holders;
		if (workers == null || held == null) {
			return;
		}
		workers.shutdown();
		held.shutdown();
		try {
			if (!workers.awaitTermination(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS)
					|| !held.awaitTermination(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS)) {
				logger.warn("awty: batches of type '" + this.typeName + "' were still in flight at shutdown;"
						+ " their rows are delivered again once their lease runs out");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
