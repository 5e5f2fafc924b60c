package dev.awty.internal.wakeup;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;

import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import dev.awty.internal.table.EventTable;

/**
 * Tells pollers that rows became due, after the writing transaction commits: this instance's poller
 * directly, the other instances through the database where it can (PostgreSQL NOTIFY) and when the row is
 * due before they would look anyway.
 * <p>
 * Within one transaction the signals are coalesced, however many rows it writes one by one (a JPA {@code saveAll}
 * of 10,000 entities, or {@code schedule} called in a loop): one transaction synchronization wakes this instance's
 * pollers after commit, once per distinct due time, and a type's notification is sent for its earliest due time
 * only, again only for a row due earlier still. Other instances then wake at the earliest row and find later ones
 * at their next poll; this instance wakes for each of them, so no row waits for a poll interval.
 */
public final class DueSignals {

	private final WakeUps wakeUps;

	private final boolean notifyOtherInstances;

	public DueSignals(WakeUps wakeUps, boolean notifyOtherInstances) {
		this.wakeUps = wakeUps;
		this.notifyOtherInstances = notifyOtherInstances;
	}

	public void rowsDue(EventTable<?> table, Instant dueAt) {
		String typeName = table.type().name();
		if (!TransactionSynchronizationManager.isSynchronizationActive()) {
			this.wakeUps.rowDue(typeName, dueAt);
			notifySoon(table, typeName, dueAt);
			return;
		}
		Signalled signalled = signalledInThisTransaction();
		NavigableSet<Instant> dueTimes = signalled.dueTimes.computeIfAbsent(typeName, (name) -> new TreeSet<>());
		boolean earliest = dueTimes.isEmpty() || dueAt.isBefore(dueTimes.first());
		dueTimes.add(dueAt);
		if (earliest) {
			// Sent inside the transaction: PostgreSQL delivers it on commit only.
			notifySoon(table, typeName, dueAt);
		}
	}

	private void notifySoon(EventTable<?> table, String typeName, Instant dueAt) {
		if (this.notifyOtherInstances && this.wakeUps.notifiesOtherInstances()
				&& this.wakeUps.isSoon(typeName, dueAt)) {
			table.notifyDue(dueAt);
		}
	}

	/**
	 * This signaller's synchronization of the current transaction, registered on its first row. Looked up among the
	 * transaction's synchronizations rather than bound as a resource: a {@code REQUIRES_NEW} transaction suspends
	 * those, and must signal its own rows on its own commit.
	 */
	private Signalled signalledInThisTransaction() {
		for (TransactionSynchronization synchronization : TransactionSynchronizationManager.getSynchronizations()) {
			if (synchronization instanceof Signalled signalled && signalled.owner() == this) {
				return signalled;
			}
		}
		Signalled signalled = new Signalled();
		TransactionSynchronizationManager.registerSynchronization(signalled);
		return signalled;
	}

	/** The due times written per type in one transaction; wakes this instance's pollers after commit. */
	private final class Signalled implements TransactionSynchronization {

		private final Map<String, NavigableSet<Instant>> dueTimes = new HashMap<>();

		DueSignals owner() {
			return DueSignals.this;
		}

		@Override
		public void afterCommit() {
			this.dueTimes.forEach((typeName, dueTimes) -> dueTimes
				.forEach((dueAt) -> DueSignals.this.wakeUps.rowCommitted(typeName, dueAt)));
		}

	}

}
