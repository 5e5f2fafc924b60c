package dev.awty.benchmarks;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The in-process consumer every system delivers to: counts each sequence number, so a run can tell that
 * every row arrived exactly once, and records the time of the first and last delivery and each lag.
 */
public final class Receiver {

	private final int expected;

	private final AtomicIntegerArray counts;

	/** Lag in microseconds by sequence number: receive time minus due time. */
	private final long[] lagMicros;

	private final AtomicLong received = new AtomicLong();

	private final AtomicLong duplicates = new AtomicLong();

	private final AtomicLong unknown = new AtomicLong();

	private volatile long firstNanos;

	private volatile long lastNanos;

	public Receiver(int expected) {
		this.expected = expected;
		this.counts = new AtomicIntegerArray(expected);
		this.lagMicros = new long[expected];
	}

	/** Records one delivery of {@code seq}, due at {@code dueAt}. */
	public void receive(long seq, Instant dueAt) {
		long now = System.nanoTime();
		Instant at = Instant.now();
		if (seq < 0 || seq >= this.expected) {
			this.unknown.incrementAndGet();
			return;
		}
		int index = (int) seq;
		if (this.counts.getAndIncrement(index) > 0) {
			this.duplicates.incrementAndGet();
			return;
		}
		this.lagMicros[index] = Duration.between(dueAt, at).toNanos() / 1000;
		if (this.received.getAndIncrement() == 0) {
			this.firstNanos = now;
		}
		this.lastNanos = now;
	}

	/**
	 * Waits until every expected sequence number arrived once.
	 * @throws IllegalStateException naming what is missing when {@code timeout} passes first
	 */
	public void awaitAll(Duration timeout, String system) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (this.received.get() < this.expected) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException(system + " delivered " + this.received.get() + " of " + this.expected
						+ " events within " + timeout.toSeconds() + " s");
			}
			sleep(5);
		}
	}

	/** Throws unless every expected event arrived exactly once and nothing else arrived. */
	public void verifyExactlyOnce(String system) {
		if (this.received.get() != this.expected || this.duplicates.get() > 0 || this.unknown.get() > 0) {
			throw new IllegalStateException(system + " delivered " + this.received.get() + " of " + this.expected
					+ " events, " + this.duplicates.get() + " duplicate(s), " + this.unknown.get() + " unknown");
		}
	}

	public long received() {
		return this.received.get();
	}

	public long duplicates() {
		return this.duplicates.get();
	}

	/** Deliveries per second from the first delivery to the last. */
	public double rate() {
		long elapsed = this.lastNanos - this.firstNanos;
		return (elapsed <= 0) ? Double.NaN : (this.received.get() - 1) * 1e9 / elapsed;
	}

	/** Lag in milliseconds at {@code quantile} (0.5, 0.99, 1.0) over every delivered event. */
	public double lagMillis(double quantile) {
		long[] sorted = Arrays.copyOf(this.lagMicros, this.expected);
		Arrays.sort(sorted);
		int index = (int) Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1);
		return sorted[Math.max(0, index)] / 1000.0;
	}

	static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

}
