package dev.awty.internal.delivery;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Tells this instance's poller of a type that a row became due sooner than it would next look. The
 * signal goes out after the scheduling transaction commits, since the poller cannot see the row before.
 */
public final class WakeUps {

	private final Map<String, Consumer<Instant>> pollers = new ConcurrentHashMap<>();

	void register(String typeName, Consumer<Instant> poller) {
		this.pollers.put(typeName, poller);
	}

	public void rowDue(String typeName, Instant dueAt) {
		Consumer<Instant> poller = this.pollers.get(typeName);
		if (poller == null) {
			return;
		}
		if (TransactionSynchronizationManager.isSynchronizationActive()) {
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
				@Override
				public void afterCommit() {
					poller.accept(dueAt);
				}
			});
		}
		else {
			poller.accept(dueAt);
		}
	}

}
