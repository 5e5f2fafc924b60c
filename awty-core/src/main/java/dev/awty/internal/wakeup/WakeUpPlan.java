package dev.awty.internal.wakeup;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.NavigableSet;
import java.util.TreeSet;

import org.jspecify.annotations.Nullable;

/**
 * When a poller should run next: after its poll interval, or earlier for due times it was told about.
 * Not thread-safe; the poller guards it.
 */
public final class WakeUpPlan {

	/**
	 * How long after a locally awaited due time a poller keeps re-checking: the JVM clock that timed the
	 * wake-up may run ahead of the database clock that decides what is due.
	 */
	private static final Duration CLOCK_TOLERANCE = Duration.ofSeconds(5);

	private static final int MAX_PENDING = 10_000;

	/** How much earlier than planned a timer may run by this clock. */
	private static final Duration TIMER_SLACK = Duration.ofMillis(10);

	private final Clock clock;

	/** Due times told about and not yet looked at, earliest first. */
	private final NavigableSet<Instant> pending = new TreeSet<>();

	private @Nullable Instant awaitedDue;

	/** When the last cycle started: due times up to then were covered by its claims. */
	private @Nullable Instant lookedAt;

	private int rechecks;

	public WakeUpPlan(Clock clock) {
		this.clock = clock;
	}

	/**
	 * @param local whether the row was scheduled on this instance, whose clock timed the wake-up
	 */
	public void add(Instant dueAt, boolean local) {
		if (local && (this.awaitedDue == null || dueAt.isBefore(this.awaitedDue))) {
			this.awaitedDue = dueAt;
		}
		if (this.pending.size() < MAX_PENDING) {
			this.pending.add(dueAt);
		}
	}

	/**
	 * Whether a due time told about has come (within a timer's slack): a cycle starting now runs for it rather than
	 * for the poll interval.
	 */
	public boolean dueTimeReached() {
		Instant next = nextNotLookedAt();
		return next != null && !next.isAfter(this.clock.instant().plus(TIMER_SLACK));
	}

	/** Notes that a cycle starts now and will look at everything due by then. */
	public void cycleStarting() {
		this.lookedAt = this.clock.instant();
	}

	/**
	 * The next run: after {@code delay}, or at the earliest due time not yet looked at if that is sooner, at
	 * once if it passed while the last cycle ran (its claims ran before that row was due).
	 */
	public Instant nextRun(Duration delay) {
		Instant now = this.clock.instant();
		if (this.lookedAt != null) {
			this.pending.headSet(this.lookedAt, true).clear();
		}
		Instant at = now.plus(delay);
		return (!this.pending.isEmpty() && this.pending.first().isBefore(at)) ? this.pending.first() : at;
	}

	/**
	 * Whether a due time told about and not yet looked at comes within {@code within} from now: the poller then runs
	 * again that soon anyway.
	 */
	public boolean expectsRunWithin(Duration within) {
		Instant next = nextNotLookedAt();
		return next != null && !next.isAfter(this.clock.instant().plus(within));
	}

	private @Nullable Instant nextNotLookedAt() {
		return (this.lookedAt == null) ? (this.pending.isEmpty() ? null : this.pending.first())
				: this.pending.higher(this.lookedAt);
	}

	/**
	 * Shortens {@code delay} to a quick re-check when a cycle claimed nothing although a locally scheduled row
	 * should be due by now.
	 */
	public Duration afterCycle(Duration delay, boolean claimedAny) {
		Instant awaited = this.awaitedDue;
		Instant now = this.clock.instant();
		if (awaited == null || claimedAny || now.isAfter(awaited.plus(CLOCK_TOLERANCE))) {
			this.awaitedDue = null;
			this.rechecks = 0;
			return delay;
		}
		if (now.isBefore(awaited)) {
			return delay;
		}
		Duration soon = Duration.ofMillis(Math.min(500, 10L << Math.min(this.rechecks++, 6)));
		return (soon.compareTo(delay) < 0) ? soon : delay;
	}

}
