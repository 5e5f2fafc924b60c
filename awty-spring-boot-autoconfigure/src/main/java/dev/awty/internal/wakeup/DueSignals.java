package dev.awty.internal.wakeup;

import java.time.Instant;

import dev.awty.internal.wakeup.WakeUps;
import dev.awty.internal.claim.EventTable;

/**
 * Tells pollers that rows became due, after the writing transaction commits: this instance's poller
 * directly, the other instances through the database where it can (PostgreSQL NOTIFY) and when the row is
 * due before they would look anyway.
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
		this.wakeUps.rowDue(typeName, dueAt);
		if (this.notifyOtherInstances && this.wakeUps.isSoon(typeName, dueAt)) {
			table.notifyDue(dueAt);
		}
	}

}
