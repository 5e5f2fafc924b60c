package dev.awty.internal.recurring;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

import org.springframework.transaction.support.TransactionOperations;

import dev.awty.AwtyException;
import dev.awty.audit.OperatorAction;
import dev.awty.internal.audit.AuditLog;
import dev.awty.recurring.RecurringSchedule;
import dev.awty.recurring.ScheduleNotFoundException;

/**
 * Changes and deletes schedules that are not being published right now: a change applies to the version it was
 * computed from, and one that meets a claim waits for it to end (at most {@code changeWait}) and tries again. A change
 * keeps the version it supersedes in {@code awty_schedule_version}, in its transaction; a delete takes the schedule's
 * versions with it (the foreign key cascades).
 */
final class ScheduleChanges {

	private static final long CLAIM_POLL_MILLIS = 20;

	private final ScheduleStore store;

	private final ScheduleVersions versions;

	private final TransactionOperations transactions;

	private final RecurringWakeUps wakeUps;

	private final Duration changeWait;

	private final AuditLog audit;

	ScheduleChanges(ScheduleStore store, ScheduleVersions versions, TransactionOperations transactions,
			RecurringWakeUps wakeUps, Duration changeWait, AuditLog audit) {
		this.audit = audit;
		this.store = store;
		this.versions = versions;
		this.transactions = transactions;
		this.wakeUps = wakeUps;
		this.changeWait = changeWait;
	}

	/**
	 * Replaces the schedule {@code id} by what {@code changed} makes of it, keeping its next occurrence when its
	 * expression, zone and enabled state allow.
	 * @throws ScheduleNotFoundException if there is no such schedule
	 */
	RecurringSchedule change(String id, OperatorAction action, Function<RecurringSchedule, ValidSchedule> changed) {
		long deadline = System.nanoTime() + this.changeWait.toNanos();
		while (true) {
			RecurringSchedule current = find(id).orElseThrow(() -> new ScheduleNotFoundException(id));
			ValidSchedule schedule = changed.apply(current);
			boolean keepNext = current.expression().equals(schedule.expression().text())
					&& current.timeZone().equals(schedule.zone().getId())
					&& (current.enabled() || !schedule.definition().enabled() || current.nextFireAt() == null);
			Instant next = keepNext ? current.nextFireAt() : schedule.firstOccurrence(this.store.databaseNow());
			boolean enabled = schedule.definition().enabled();
			if (Boolean.TRUE.equals(this.transactions.execute((status) -> {
				boolean updated = keepNext ? this.store.updateUnclaimedKeepingNext(schedule, current.version())
						: this.store.updateUnclaimed(schedule, next, current.version());
				if (updated) {
					this.versions.keep(current);
					this.audit.record(action, id, 1, "replaced version " + current.version());
				}
				if (updated && enabled) {
					this.wakeUps.notifyOthers(next);
				}
				return updated;
			}))) {
				if (enabled) {
					this.wakeUps.wakeLocal(next);
				}
				return find(id).orElseThrow(() -> new ScheduleNotFoundException(id));
			}
			awaitClaim(id, deadline);
		}
	}

	/** @return whether the schedule was deleted; {@code false} if there was none */
	boolean delete(String id) {
		long deadline = System.nanoTime() + this.changeWait.toNanos();
		while (!Boolean.TRUE.equals(this.transactions.execute((status) -> {
			boolean deleted = this.store.deleteUnclaimed(id);
			if (deleted) {
				this.audit.record(OperatorAction.SCHEDULE_DELETE, id, 1, null);
			}
			return deleted;
		}))) {
			if (this.store.find(id).isEmpty()) {
				// Asked for all the same: the entry says that it deleted nothing.
				this.transactions
					.executeWithoutResult((status) -> this.audit.record(OperatorAction.SCHEDULE_DELETE, id, 0, null));
				return false;
			}
			awaitClaim(id, deadline);
		}
		return true;
	}

	private Optional<RecurringSchedule> find(String id) {
		return this.store.find(id).map(ScheduleRow::schedule);
	}

	private void awaitClaim(String id, long deadline) {
		if (System.nanoTime() > deadline) {
			throw new AwtyException("Schedule '" + id + "' is being published right now and its claim did not end within "
					+ this.changeWait.toSeconds() + " s; try again");
		}
		try {
			Thread.sleep(CLAIM_POLL_MILLIS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new AwtyException("Interrupted while waiting to change schedule '" + id + "'", ex);
		}
	}

}
