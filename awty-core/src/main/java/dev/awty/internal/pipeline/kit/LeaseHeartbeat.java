package dev.awty.internal.pipeline.kit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.LongConsumer;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import dev.awty.internal.claim.Leases;
import dev.awty.internal.support.ErrorText;

/**
 * Keeps the leases of the rows this instance holds of one table alive while it works on them (publishing,
 * awaiting broker acknowledgements, running a handler, waiting for rows claimed ahead), so that the lease
 * itself can be short and the rows of a dead instance move on quickly.
 * <p>
 * Every third of the lease, one statement extends the lease of every batch held for longer than a sixth of it,
 * fenced by the batches' claim tokens: a batch finished within that time costs nothing. A row no longer held (its
 * lease ran out while this instance stalled, and another instance claimed it or someone changed it) is lost:
 * this instance does not publish it, counts it and logs it. Right before publishing, a batch whose lease was last
 * confirmed more than a third of the lease ago is confirmed again, so that a worker that stalled never
 * publishes a row rescheduled, cancelled or claimed by someone else meanwhile.
 */
public final class LeaseHeartbeat<I> {

	private static final Log logger = LogFactory.getLog(LeaseHeartbeat.class);

	private final String what;

	private final LeaseRenewal<I> renewal;

	private final long intervalNanos;

	private final Set<Held> batches = ConcurrentHashMap.newKeySet();

	private @Nullable ScheduledFuture<?> task;

	/**
	 * @param what names the rows in log lines, e.g. {@code type 'purchase'}
	 * @param lostRows told how many held rows were found to be lost
	 */
	public LeaseHeartbeat(String what, Leases leases, Class<I> idType, Duration lease, LongConsumer lostRows) {
		this(what, leases, idType, lease, lostRows, (claim, ids) -> {
		});
	}

	/**
	 * @param what names the rows in log lines, e.g. {@code type 'purchase'}
	 * @param lostRows told how many held rows were found to be lost
	 * @param lostIds told which held rows were found to be lost (cancelled, or claimed again after a stall), with
	 * the token of the claim that lost them, so that their running handler calls are interrupted: not those of a
	 * claim of this instance that holds the same rows again
	 */
	public LeaseHeartbeat(String what, Leases leases, Class<I> idType, Duration lease, LongConsumer lostRows,
			BiConsumer<String, List<I>> lostIds) {
		this.what = what;
		this.renewal = new LeaseRenewal<>(what, leases, idType, lease, lostRows, lostIds);
		this.intervalNanos = interval(lease).toNanos();
	}

	/** How often the leases of held rows are extended: a third of the lease. */
	public static Duration interval(Duration lease) {
		return lease.dividedBy(3);
	}

	public synchronized void start(ScheduledExecutorService scheduler) {
		if (this.task == null) {
			this.task = scheduler.scheduleWithFixedDelay(this::beatSafely, this.intervalNanos, this.intervalNanos,
					TimeUnit.NANOSECONDS);
		}
	}

	public synchronized void stop() {
		if (this.task != null) {
			this.task.cancel(false);
			this.task = null;
		}
	}

	/**
	 * Starts holding rows just claimed with {@code token}.
	 * @param claimSentNanos {@link System#nanoTime()} before the claim statement was sent: its lease runs from
	 * no earlier
	 */
	public Held hold(String token, Collection<I> ids, long claimSentNanos) {
		Held held = new Held(token, ids, claimSentNanos);
		if (!ids.isEmpty()) {
			this.batches.add(held);
		}
		return held;
	}

	public void beat() {
		long now = System.nanoTime();
		List<Held> due = this.batches.stream().filter((held) -> now - held.confirmedNanos >= this.intervalNanos / 2).toList();
		this.renewal.renew(due, now);
	}

	private void beatSafely() {
		try {
			beat();
		}
		catch (Throwable ex) {
			// Not only exceptions: an Error escaping here would end the scheduled beats without a word.
			// The next beat tries again; a lease that runs out meanwhile is caught by the check before publishing.
			logger.warn("awty: could not extend the leases of " + this.what + " (" + ErrorText.of(ex) + ")");
		}
	}

	/** The rows of one claim that this instance works on. */
	public final class Held {

		private final String token;

		private final Set<I> ids = ConcurrentHashMap.newKeySet();

		private final Set<I> lost = ConcurrentHashMap.newKeySet();

		private volatile long confirmedNanos;

		Held(String token, Collection<I> ids, long confirmedNanos) {
			this.token = token;
			this.ids.addAll(ids);
			this.confirmedNanos = confirmedNanos;
		}

		/**
		 * The rows among {@code rows} still held, right before publishing them: confirmed by the database first
		 * unless the lease was confirmed within the last third of it, so that no one else can have claimed or
		 * changed them.
		 */
		public <R> List<R> stillHeld(List<R> rows, Function<R, I> id) {
			long now = System.nanoTime();
			if (now - this.confirmedNanos > LeaseHeartbeat.this.intervalNanos) {
				LeaseHeartbeat.this.renewal.renew(List.of(this), now);
			}
			return this.lost.isEmpty() ? rows : rows.stream().filter((row) -> !this.lost.contains(id.apply(row))).toList();
		}

		/** Stops extending {@code done}: their outcome is about to be written, or they are given up. */
		public void release(Collection<I> done) {
			this.ids.removeAll(done);
			if (this.ids.isEmpty()) {
				LeaseHeartbeat.this.batches.remove(this);
			}
		}

		/**
		 * Divides the held rows among workers: one {@code Held} per part, with the same claim token and lease, each
		 * kept alive on its own until its worker is done. Rows already lost stay lost in every part.
		 */
		public List<Held> split(List<? extends Collection<I>> parts) {
			List<Held> split = new ArrayList<>(parts.size());
			for (Collection<I> part : parts) {
				Held held = new Held(this.token, part.stream().filter(this.ids::contains).toList(), this.confirmedNanos);
				held.lost.addAll(this.lost);
				if (!held.ids.isEmpty()) {
					LeaseHeartbeat.this.batches.add(held);
				}
				split.add(held);
			}
			releaseAll();
			return split;
		}

		/** Stops extending every row of the batch. */
		public void releaseAll() {
			this.ids.clear();
			LeaseHeartbeat.this.batches.remove(this);
		}

		String token() {
			return this.token;
		}

		long confirmedNanos() {
			return this.confirmedNanos;
		}

		void confirmed(long nanos) {
			this.confirmedNanos = nanos;
		}

		List<I> heldIds() {
			return List.copyOf(this.ids);
		}

		/** Drops the rows not among {@code stillHeld}. @return the ids dropped */
		List<I> lose(Set<I> stillHeld) {
			List<I> dropped = new ArrayList<>();
			for (I id : List.copyOf(this.ids)) {
				if (!stillHeld.contains(id) && this.ids.remove(id)) {
					this.lost.add(id);
					dropped.add(id);
				}
			}
			if (this.ids.isEmpty()) {
				LeaseHeartbeat.this.batches.remove(this);
			}
			return dropped;
		}

	}

}
