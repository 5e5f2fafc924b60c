package dev.awty.internal.pipeline.kit;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

import org.jspecify.annotations.Nullable;

/**
 * What one instance's pollers did since start, per type. A fence miss is a published row that another
 * instance had re-claimed before this one could mark it: a possible duplicate. A lost row is a held row whose
 * lease ran out and that another instance claimed (or someone changed) before the heartbeat could extend it. A row
 * cancelled after its handler returned, while the rest of its part ran, has nothing sent and is neither.
 * Claims, publishes, failed attempts and lost rows are passed on to the {@link DeliveryObserver}s.
 */
public final class DeliveryCounters {

	private final String type;

	private final DeliveryObserver observer;

	private final AtomicLong delivered = new AtomicLong();

	private final AtomicLong failedAttempts = new AtomicLong();

	private final AtomicLong fenceMisses = new AtomicLong();

	private final AtomicLong lostLeases = new AtomicLong();

	private final AtomicLong cancelledAfterHandling = new AtomicLong();

	public DeliveryCounters(String type, DeliveryObserver observer) {
		this.type = type;
		this.observer = observer;
	}

	public void claimed(int rows, long nanos) {
		this.observer.claimed(this.type, rows, nanos);
	}

	public void published(@Nullable Instant dueAt, Instant publishedAt) {
		Duration lag = (dueAt != null) ? Duration.between(dueAt, publishedAt) : Duration.ZERO;
		this.observer.published(this.type, lag.isNegative() ? Duration.ZERO : lag);
	}

	public void failedAttempt(boolean retried) {
		this.observer.failedAttempt(this.type, retried);
	}

	/** Occurrences a misfire policy dropped after an outage: counted, never published. */
	public void skipped(long occurrences) {
		if (occurrences > 0) {
			this.observer.skipped(this.type, occurrences);
		}
	}

	public void delivered(long count) {
		this.delivered.addAndGet(count);
	}

	public void failedAttempts(long count) {
		this.failedAttempts.addAndGet(count);
	}

	public void fenceMisses(long count) {
		this.fenceMisses.addAndGet(count);
	}

	public void lostLeases(long rows) {
		this.lostLeases.addAndGet(rows);
		this.observer.leaseLost(this.type, rows);
	}

	/** Rows cancelled after their handler returned, their outcome and messages dropped. */
	public void cancelledAfterHandling(long rows) {
		this.cancelledAfterHandling.addAndGet(rows);
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

	/** Rows cancelled after their handler returned, their outcome and messages dropped: not possible duplicates. */
	public long cancelledAfterHandling() {
		return this.cancelledAfterHandling.get();
	}

	/** Held rows lost because their lease ran out while this instance stalled. */
	public long lostLeases() {
		return this.lostLeases.get();
	}

}
