package dev.awty.internal.delivery;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What one instance's pollers did since start, per type. A fence miss is a published row that another
 * instance had re-claimed before this one could mark it: a possible duplicate.
 */
public final class DeliveryCounters {

	private final AtomicLong delivered = new AtomicLong();

	private final AtomicLong failedAttempts = new AtomicLong();

	private final AtomicLong fenceMisses = new AtomicLong();

	void delivered(long count) {
		this.delivered.addAndGet(count);
	}

	void failedAttempts(long count) {
		this.failedAttempts.addAndGet(count);
	}

	void fenceMisses(long count) {
		this.fenceMisses.addAndGet(count);
	}

	public long delivered() {
		return this.delivered.get();
	}

	public long failedAttempts() {
		return this.failedAttempts.get();
	}

	public long possibleDuplicates() {
		return this.fenceMisses.get();
	}

}
