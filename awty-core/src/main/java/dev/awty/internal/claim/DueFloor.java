package dev.awty.internal.claim;

import java.time.Duration;
import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * The due time below which this instance's locks of one type need not look (see
 * {@link dev.awty.spi.SqlDialect#dueFloor()}): a lock that found fewer rows than it asked for took every pending row
 * due by then that no one held, so a later one may start a margin before it.
 * <p>
 * Every mark leaves a dead entry at the front of the pending index, which no one can remove while a long transaction
 * elsewhere pins the database's horizon, and a lock from the oldest due time read all of them each time: its cost
 * grew with every row delivered since that transaction began. From the floor it reads a margin's worth.
 * <p>
 * A row can still become pending below the floor: scheduled into the past (or committed more than the margin after
 * its due time), written by SQL, given back by a batch that was not written, or freed by an instance that died
 * holding it. Such a row of this instance, or announced by another's notification, lowers the floor at once
 * ({@link #rowDue}, {@link #forget}); any other is found by a lock that looks at every due row (a sweep): those of a
 * cycle run for the poll interval rather than a due time, and at least one every {@code sweepEvery}.
 */
public final class DueFloor {

	private final long marginMillis;

	private final long sweepEveryNanos;

	private final Object monitor = new Object();

	/** Bumped by whatever may have left a row below the floor: a lock started before it sets no floor. */
	private long generation;

	/** When the lock that set the floor started, by {@link System#nanoTime()}. */
	private long floorNanos;

	/** The floor by the database's clock, to compare due times announced with; {@code null}: none. */
	private @Nullable Instant floorAt;

	private long sweptNanos;

	/**
	 * @param margin how long before a lock's start the next may begin: a row due by then whose transaction commits
	 * later than that is left to the sweep, unless announced
	 * @param sweepEvery how often a lock looks at every due row
	 */
	public DueFloor(Duration margin, Duration sweepEvery) {
		this.marginMillis = margin.toMillis();
		this.sweepEveryNanos = sweepEvery.toNanos();
	}

	/**
	 * Where the next lock starts: read before it runs, handed back to {@link #locked} after.
	 * @param sweep whether the lock must look at every due row whatever the floor
	 */
	public Look look(boolean sweep) {
		synchronized (this.monitor) {
			long now = System.nanoTime();
			long floorAgoMillis = -1;
			if (!sweep && this.floorAt != null && now - this.sweptNanos < this.sweepEveryNanos) {
				// Rounded up: the floor errs early.
				floorAgoMillis = this.marginMillis + (now - this.floorNanos + 999_999) / 1_000_000;
			}
			return new Look(now, this.generation, floorAgoMillis);
		}
	}

	/**
	 * Moves the floor after a lock that took every row due that no one held (it asked for more than it found).
	 * @param databaseNow the database's "now" of the lock
	 */
	public void locked(Look look, boolean tookEveryDueRow, @Nullable Instant databaseNow) {
		synchronized (this.monitor) {
			if (!tookEveryDueRow || databaseNow == null || look.generation() != this.generation) {
				return;
			}
			if (this.floorAt != null && look.startedNanos() - this.floorNanos < 0) {
				return;
			}
			if (look.sweeps()) {
				this.sweptNanos = look.startedNanos();
			}
			else if (this.floorAt == null) {
				return;
			}
			this.floorNanos = look.startedNanos();
			this.floorAt = databaseNow.minusMillis(this.marginMillis);
		}
	}

	/** A row due at {@code dueAt} (by the database's clock) was scheduled: one below the floor lowers it. */
	public void rowDue(Instant dueAt) {
		synchronized (this.monitor) {
			if (this.floorAt != null && dueAt.isBefore(this.floorAt)) {
				forgetLocked();
			}
		}
	}

	/** Rows may have been given back below the floor: the next lock looks at every due row. */
	public void forget() {
		synchronized (this.monitor) {
			forgetLocked();
		}
	}

	private void forgetLocked() {
		this.generation++;
		this.floorAt = null;
	}

	/**
	 * A lock about to run.
	 * @param floorAgoMillis how long before the database's "now" the lock starts looking; negative: at every due row
	 */
	public record Look(long startedNanos, long generation, long floorAgoMillis) {

		/** Whether this lock looks at every due row. */
		public boolean sweeps() {
			return this.floorAgoMillis < 0;
		}

	}

}
