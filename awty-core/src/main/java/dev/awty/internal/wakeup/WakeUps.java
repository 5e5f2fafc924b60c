package dev.awty.internal.wakeup;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import dev.awty.spi.PollerWakeUps;

/**
 * Tells this instance's poller of a type that a row became due sooner than it would next look. The
 * signal goes out after the scheduling transaction commits, since the poller cannot see the row before.
 */
public final class WakeUps implements PollerWakeUps {

	private final Map<String, BiConsumer<Instant, Boolean>> pollers = new ConcurrentHashMap<>();

	private final Map<String, Duration> pollIntervals = new ConcurrentHashMap<>();

	private final Clock clock;

	private volatile boolean otherInstancesListen = true;

	public WakeUps(Clock clock) {
		this.clock = clock;
	}

	/** Tells {@code poller} of the rows of {@code typeName} that become due: at their due time, and whether the signal is local. */
	public void register(String typeName, Duration pollInterval, BiConsumer<Instant, Boolean> poller) {
		this.pollers.put(typeName, poller);
		this.pollIntervals.put(typeName, pollInterval);
	}

	/** Whether a row due at {@code dueAt} falls before the type's pollers would look anyway. */
	public boolean isSoon(String typeName, Instant dueAt) {
		Duration pollInterval = this.pollIntervals.get(typeName);
		return pollInterval != null && dueAt.isBefore(this.clock.instant().plus(pollInterval));
	}

	/**
	 * Whether this instance tells other instances through the database (NOTIFY) of rows due soon: until its own LISTEN
	 * is found not to receive, as behind PgBouncer in transaction pooling mode, where the others' cannot either.
	 */
	public boolean notifiesOtherInstances() {
		return this.otherInstancesListen;
	}

	/** Whether the last check found that LISTEN receives notifications on this instance's connections. */
	void otherInstancesListen(boolean listen) {
		this.otherInstancesListen = listen;
	}

	/** Wakes this instance's poller of the type now: the signal came from another instance's commit. */
	void wakeNow(String typeName, Instant dueAt) {
		BiConsumer<Instant, Boolean> poller = this.pollers.get(typeName);
		if (poller != null) {
			poller.accept(dueAt, false);
		}
	}

	/**
	 * Wakes every poller of this instance at once: for a test kit that has just moved the clock forward, when
	 * everything up to the new "now" may be due. The due time given is long past, so that a poller whose next run
	 * was planned by the clock before it moved runs now rather than then.
	 */
	@Override
	public void wakeAll() {
		this.pollers.values().forEach((poller) -> poller.accept(Instant.EPOCH, false));
	}

	/** Wakes this instance's poller of the type for a row due at {@code dueAt} whose transaction committed. */
	void rowCommitted(String typeName, Instant dueAt) {
		BiConsumer<Instant, Boolean> poller = this.pollers.get(typeName);
		if (poller != null) {
			poller.accept(dueAt, true);
		}
	}

	public void rowDue(String typeName, Instant dueAt) {
		BiConsumer<Instant, Boolean> poller = this.pollers.get(typeName);
		if (poller == null) {
			return;
		}
		if (TransactionSynchronizationManager.isSynchronizationActive()) {
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
				@Override
				public void afterCommit() {
					poller.accept(dueAt, true);
				}
			});
		}
		else {
			poller.accept(dueAt, true);
		}
	}

}
