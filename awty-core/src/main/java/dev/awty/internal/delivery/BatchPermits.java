package dev.awty.internal.delivery;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

/**
 * What a type held in transactions needs before it opens a batch: a permit of the instance's {@link OpenBatches},
 * and, where concurrent locks cannot skip each other's rows (H2 locks every due row it looks at), the type's one
 * open batch at a time: a second claim would find them all locked, and take it for nothing being due.
 */
final class BatchPermits {

	private final OpenBatches openBatches;

	private final Duration wait;

	private final @Nullable Semaphore oneAtATime;

	/**
	 * @param wait how long to wait for a permit: the poll interval, after which the loop claims again anyway
	 * @param skipLockedRows whether concurrent locks of the type skip each other's rows
	 */
	BatchPermits(OpenBatches openBatches, Duration wait, boolean skipLockedRows) {
		this.openBatches = openBatches;
		this.wait = wait;
		this.oneAtATime = skipLockedRows ? null : new Semaphore(1);
	}

	/** @return whether the permits were taken; the caller {@link #release}s them once its batch has ended */
	boolean acquire() {
		if (this.oneAtATime != null && !acquire(this.oneAtATime)) {
			return false;
		}
		if (this.openBatches.acquire(this.wait)) {
			return true;
		}
		if (this.oneAtATime != null) {
			this.oneAtATime.release();
		}
		return false;
	}

	private boolean acquire(Semaphore permit) {
		try {
			return permit.tryAcquire(this.wait.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	void release() {
		this.openBatches.release();
		if (this.oneAtATime != null) {
			this.oneAtATime.release();
		}
	}

}
