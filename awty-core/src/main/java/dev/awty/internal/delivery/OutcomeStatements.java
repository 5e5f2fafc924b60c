package dev.awty.internal.delivery;

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
import dev.awty.internal.claim.FailedAttempt;
import dev.awty.internal.claim.HeldRowWrites;

/**
 * The statements that write a batch's outcomes, each fenced by the claim, each returning the results it really
 * changed: a row claimed again by someone else meanwhile is left out. Run in the caller's transaction.
 */
final class OutcomeStatements<T extends ScheduledEntity> {

	private final HeldRowWrites writes;

	private final CheckWrites checks;

	private final TypeSettings settings;

	OutcomeStatements(HeldRowWrites writes, CheckWrites checks, TypeSettings settings) {
		this.writes = writes;
		this.checks = checks;
		this.settings = settings;
	}

	/**
	 * @return how many rows were marked (or deleted); fewer than {@code ids} means others were claimed again
	 * @see #lockWait()
	 */
	int finish(List<Long> ids, String claimer) {
		return (this.settings.onDelivered() == OnDelivered.DELETE) ? this.writes.deleteDelivered(ids, claimer, lockWait())
				: this.writes.markDelivered(ids, claimer, lockWait());
	}

	/**
	 * How long a write waits for a row lock, where the database can bound it: a third of the lease, as long as the
	 * heartbeat's statement waits (it waits on the same locks, so past that the rows' leases lapse all the same).
	 */
	private Duration lockWait() {
		return this.settings.lease().dividedBy(3);
	}

	/**
	 * Of {@code ids}, the rows this claim has finished already: marked delivered by it, or (deleting delivered rows)
	 * gone. Asked only when a write is tried again, never on the way of a first attempt.
	 */
	Set<Long> finishedBy(List<Long> ids, String claimer) {
		if (ids.isEmpty()) {
			return Set.of();
		}
		if (this.settings.onDelivered() == OnDelivered.DELETE) {
			Set<Long> gone = new HashSet<>(ids);
			gone.removeAll(this.checks.stillPresent(ids));
			return gone;
		}
		return this.checks.markedBy(ids, claimer);
	}

	/** The finished results this claim really finished: all of them, unless some were claimed again meanwhile. */
	List<RowResult<T>> confirmFinished(List<RowResult<T>> finished, int count, String claimer) {
		List<Long> ids = finished.stream().map((result) -> result.row().getId()).toList();
		if (count == ids.size() || ids.isEmpty()) {
			return finished;
		}
		Set<Long> confirmed;
		if (this.settings.onDelivered() == OnDelivered.DELETE) {
			confirmed = new HashSet<>(ids);
			confirmed.removeAll(this.checks.stillPresent(ids));
		}
		else {
			confirmed = this.checks.markedBy(ids, claimer);
		}
		return finished.stream().filter((result) -> confirmed.contains(result.row().getId())).toList();
	}

	/** @return the failed attempts recorded */
	List<RowResult<T>> recordFailures(List<RowResult<T>> failed, String claimer) {
		if (failed.isEmpty()) {
			return List.of();
		}
		List<FailedAttempt> attempts = failed.stream().map(this::attempt).toList();
		return changed(failed, this.writes.recordFailures(attempts, claimer, this.settings.maxAttempts()));
	}

	FailedAttempt attempt(RowResult<T> result) {
		return new FailedAttempt(result.row().getId(), String.valueOf(result.error()),
				this.settings.backoff().delayMillis(result.row().getAttempts() + 1));
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
