package dev.awty.internal.outcome;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.awty.OnDelivered;
import dev.awty.ScheduledEntity;
import dev.awty.internal.checks.CheckAgain;
import dev.awty.internal.checks.CheckWrites;
import dev.awty.internal.checks.GuardFailure;
import dev.awty.internal.support.RetryBackoff;

/**
 * The statements that write a batch's outcomes, each fenced by the claim, each returning the results it really
 * changed: a row claimed again by someone else meanwhile is left out. Run in the caller's transaction.
 */
final class OutcomeStatements<T extends ScheduledEntity> {

	private final HeldRowWrites writes;

	private final CheckWrites checks;

	private final OnDelivered onDelivered;

	private final int maxAttempts;

	private final RetryBackoff backoff;

	private final Duration lease;

	/**
	 * @param onDelivered what becomes of a delivered row: marked or deleted
	 * @param maxAttempts the attempts after which a failed row is FAILED
	 * @param backoff the wait before a failed row's next attempt
	 * @param lease the type's lease, which bounds how long a write waits for a row lock
	 */
	OutcomeStatements(HeldRowWrites writes, CheckWrites checks, OnDelivered onDelivered, int maxAttempts,
			RetryBackoff backoff, Duration lease) {
		this.writes = writes;
		this.checks = checks;
		this.onDelivered = onDelivered;
		this.maxAttempts = maxAttempts;
		this.backoff = backoff;
		this.lease = lease;
	}

	/**
	 * @return how many rows were marked (or deleted); fewer than {@code ids} means others were claimed again
	 * @see #lockWait()
	 */
	int finish(List<Long> ids, String claimer) {
		return (this.onDelivered == OnDelivered.DELETE) ? this.writes.deleteDelivered(ids, claimer, lockWait())
				: this.writes.markDelivered(ids, claimer, lockWait());
	}

	/**
	 * How long a write waits for a row lock, where the database can bound it: a third of the lease, as long as the
	 * heartbeat's statement waits (it waits on the same locks, so past that the rows' leases lapse all the same).
	 */
	private Duration lockWait() {
		return this.lease.dividedBy(3);
	}

	/**
	 * Of {@code ids}, the rows this claim has finished already: marked delivered by it, or (deleting delivered rows)
	 * gone. Asked when a write is tried again, or when it finished fewer rows than it was given.
	 */
	Set<Long> finishedBy(List<Long> ids, String claimer) {
		if (ids.isEmpty()) {
			return Set.of();
		}
		if (this.onDelivered == OnDelivered.DELETE) {
			Set<Long> gone = new HashSet<>(ids);
			gone.removeAll(this.writes.stillPresent(ids));
			return gone;
		}
		return this.writes.markedBy(ids, claimer);
	}

	/** The finished results this claim really finished: all of them, unless some were claimed again meanwhile. */
	List<RowResult<T>> confirmFinished(List<RowResult<T>> finished, int count, String claimer) {
		List<Long> ids = finished.stream().map((result) -> result.row().getId()).toList();
		if (count == ids.size() || ids.isEmpty()) {
			return finished;
		}
		Set<Long> confirmed = finishedBy(ids, claimer);
		return finished.stream().filter((result) -> confirmed.contains(result.row().getId())).toList();
	}

	/** @return the failed attempts recorded */
	List<RowResult<T>> recordFailures(List<RowResult<T>> failed, String claimer) {
		if (failed.isEmpty()) {
			return List.of();
		}
		List<FailedAttempt> attempts = failed.stream().map(this::attempt).toList();
		return changed(failed, this.writes.recordFailures(attempts, claimer, this.maxAttempts));
	}

	FailedAttempt attempt(RowResult<T> result) {
		return new FailedAttempt(result.row().getId(), String.valueOf(result.error()),
				this.backoff.delayMillis(result.row().getAttempts() + 1));
	}

	void checkAgain(List<RowResult<T>> checkAgain, String claimer) {
		if (!checkAgain.isEmpty()) {
			this.checks.checkAgain(
					checkAgain.stream().map((result) -> new CheckAgain(result.row().getId(), result.nextAt())).toList(),
					claimer);
		}
	}

	/** @return the guard failures recorded */
	List<RowResult<T>> failByGuard(List<RowResult<T>> stopped, String claimer) {
		if (stopped.isEmpty()) {
			return List.of();
		}
		return changed(stopped, this.checks.failByGuard(stopped.stream()
			.map((result) -> new GuardFailure(result.row().getId(), String.valueOf(result.error())))
			.toList(), claimer));
	}

	/** The results whose statement in a batch changed a row: a batch reports one count per statement, in order. */
	private static <R> List<R> changed(List<R> results, int[] counts) {
		List<R> changed = new ArrayList<>(results.size());
		for (int i = 0; i < results.size(); i++) {
			if (counts[i] != 0) {
				changed.add(results.get(i));
			}
		}
		return changed;
	}

}
