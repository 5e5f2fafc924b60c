package dev.awty.benchmarks.harness;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.jspecify.annotations.Nullable;

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

	/** When each sequence number first arrived, in epoch milliseconds. */
	private final long[] receivedAtMillis;

	/** Simulated work per delivery, which fixes a consumer's capacity (the chaos overload scenario). */
	private final long workNanos;

	/** Where a child JVM writes its deliveries for the parent to count; {@code null} counts here. */
	private final @Nullable PrintStream forward;

	/** Rows of each key (the sequence number modulo the key count) being received now; empty unless counted. */
	private final AtomicIntegerArray inFlightByKey;

	private final AtomicInteger mostInFlightOfOneKey = new AtomicInteger();

	private volatile long firstNanos;

	private volatile long lastNanos;

	public Receiver(int expected) {
		this(expected, Duration.ZERO, null);
	}

	public Receiver(int expected, Duration work) {
		this(expected, work, null);
	}

	/**
	 * A receiver that also counts how many rows of one key it receives at once, the key of a row being its sequence
	 * number modulo {@code keys}; see {@link #mostInFlightOfOneKey()}.
	 */
	public Receiver(int expected, Duration work, int keys) {
		this(expected, work, null, keys);
	}

	private Receiver(int expected, Duration work, @Nullable PrintStream forward) {
		this(expected, work, forward, 0);
	}

	private Receiver(int expected, Duration work, @Nullable PrintStream forward, int keys) {
		this.inFlightByKey = new AtomicIntegerArray(keys);
		this.expected = expected;
		this.counts = new AtomicIntegerArray(expected);
		this.lagMicros = new long[expected];
		this.receivedAtMillis = new long[expected];
		this.workNanos = work.toNanos();
		this.forward = forward;
	}

	/**
	 * A receiver that counts nothing but writes each delivery to {@code out} as a line
	 * {@code D <seq> <due epoch µs> <received epoch µs>}, flushed before the consumer returns, so that a parent
	 * process counts every delivery its child acknowledged even when the child is killed right after.
	 */
	public static Receiver forwarding(PrintStream out, Duration work) {
		return new Receiver(0, work, out);
	}

	/** Records one delivery of {@code seq}, due at {@code dueAt}. */
	public void receive(long seq, Instant dueAt) {
		int keys = this.inFlightByKey.length();
		int key = (keys > 0) ? (int) Math.floorMod(seq, (long) keys) : -1;
		if (key >= 0) {
			this.mostInFlightOfOneKey.accumulateAndGet(this.inFlightByKey.incrementAndGet(key), Math::max);
		}
		if (this.workNanos > 0) {
			LockSupport.parkNanos(this.workNanos);
		}
		if (key >= 0) {
			this.inFlightByKey.decrementAndGet(key);
		}
		PrintStream out = this.forward;
		if (out != null) {
			synchronized (out) {
				out.println("D " + seq + " " + micros(dueAt) + " " + micros(Instant.now()));
				out.flush();
			}
			return;
		}
		receive(seq, dueAt, Instant.now());
	}

	private static long micros(Instant instant) {
		return instant.getEpochSecond() * 1_000_000 + instant.getNano() / 1000;
	}

	/** Records one delivery of {@code seq}, due at {@code dueAt}, received at {@code at} (perhaps elsewhere). */
	public void receive(long seq, Instant dueAt, Instant at) {
		long now = System.nanoTime();
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
		this.receivedAtMillis[index] = at.toEpochMilli();
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

	/** Waits until every expected sequence number arrived once or {@code timeout} passes; whether all arrived. */
	public boolean await(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (this.received.get() < this.expected) {
			if (System.nanoTime() > deadline) {
				return false;
			}
			sleep(20);
		}
		return true;
	}

	/** The latest first arrival among sequence numbers {@code [0, below)}, in epoch ms; 0 if one is missing. */
	public long lastArrivalMillis(int below) {
		long last = 0;
		for (int i = 0; i < Math.min(below, this.expected); i++) {
			if (this.receivedAtMillis[i] == 0) {
				return 0;
			}
			last = Math.max(last, this.receivedAtMillis[i]);
		}
		return last;
	}

	/** Throws unless every expected event arrived exactly once and nothing else arrived. */
	public void verifyExactlyOnce(String system) {
		if (this.received.get() != this.expected || this.duplicates.get() > 0 || this.unknown.get() > 0) {
			throw new IllegalStateException(system + " delivered " + this.received.get() + " of " + this.expected
					+ " events, " + this.duplicates.get() + " duplicate(s), " + this.unknown.get() + " unknown");
		}
	}

	/** The most rows of one key received at once; 0 unless keys are counted. */
	public int mostInFlightOfOneKey() {
		return this.mostInFlightOfOneKey.get();
	}

	/** The first arrival of {@code seq} in epoch ms; 0 if it has not arrived. */
	public long arrivalMillis(int seq) {
		return this.receivedAtMillis[seq];
	}

	public long received() {
		return this.received.get();
	}

	/** Whether {@code seq} arrived at least once. */
	public boolean arrived(long seq) {
		return seq >= 0 && seq < this.expected && this.counts.get((int) seq) > 0;
	}

	public int expected() {
		return this.expected;
	}

	public long duplicates() {
		return this.duplicates.get();
	}

	/** Deliveries per second from the first delivery to the last. */
	public double rate() {
		long elapsed = this.lastNanos - this.firstNanos;
		return (elapsed <= 0) ? Double.NaN : (this.received.get() - 1) * 1e9 / elapsed;
	}

	/** The lag of {@code seq} in microseconds; {@code -1} when it has not arrived. */
	public long lagMicros(int seq) {
		return (this.counts.get(seq) > 0) ? this.lagMicros[seq] : -1;
	}

	/** Lag in milliseconds at {@code quantile} (0.5, 0.99, 1.0) over every delivered event. */
	public double lagMillis(double quantile) {
		// only sequence numbers that arrived: a lost event has no lag, and counting it as 0 would hide it
		long[] sorted = new long[(int) this.received.get()];
		int n = 0;
		for (int i = 0; i < this.expected && n < sorted.length; i++) {
			if (this.counts.get(i) > 0) {
				sorted[n++] = this.lagMicros[i];
			}
		}
		sorted = Arrays.copyOf(sorted, n);
		if (n == 0) {
			return Double.NaN;
		}
		Arrays.sort(sorted);
		int index = (int) Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1);
		return sorted[Math.max(0, index)] / 1000.0;
	}

	/** The lag of every delivered event by its arrival time: per window and first against last minute. */
	public LagWindows lagWindows() {
		int n = 0;
		long[] arrivals = new long[(int) this.received.get()];
		long[] lags = new long[arrivals.length];
		for (int i = 0; i < this.expected && n < arrivals.length; i++) {
			if (this.counts.get(i) > 0) {
				arrivals[n] = this.receivedAtMillis[i];
				lags[n++] = this.lagMicros[i];
			}
		}
		return new LagWindows(Arrays.copyOf(arrivals, n), Arrays.copyOf(lags, n));
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
