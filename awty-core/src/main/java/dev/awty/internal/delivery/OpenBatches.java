package dev.awty.internal.delivery;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The cap on batches this instance holds in open transactions at once, across its types: each holds a pooled
 * connection while it publishes, and the application's own requests need the rest of the pool. Thread-safe.
 */
public final class OpenBatches {

	private final int max;

	private final Semaphore permits;

	/** @param max the most batches held in open transactions at once, at least 1 */
	public OpenBatches(int max) {
		if (max < 1) {
			throw new IllegalArgumentException("at least one open batch is needed, was " + max);
		}
		this.max = max;
		this.permits = new Semaphore(max, true);
	}

	public int max() {
		return this.max;
	}

	/**
	 * Takes a permit, waiting at most {@code wait}: a batch ends within its publish, so a full cap frees up soon.
	 * @return whether one was taken; the caller {@link #release}s it once its batch's transaction has ended
	 */
	boolean acquire(Duration wait) {
		try {
			return this.permits.tryAcquire(wait.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	void release() {
		this.permits.release();
	}

}
