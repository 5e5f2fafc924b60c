package dev.awty.internal.checks;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The handler calls of this instance, by type, for a cancel to reach: a row of a type with a handler is cancelled
 * even while its handler runs, and the call is interrupted at once when it runs here (on another instance, its
 * lease heartbeat finds the row gone and interrupts it there).
 */
public final class RunningChecks {

	private final Map<String, HandlerInvoker> invokers = new ConcurrentHashMap<>();

	/** Makes the calls of {@code invoker} reachable as those of the type {@code typeName}. */
	public void register(String typeName, HandlerInvoker invoker) {
		this.invokers.put(typeName, invoker);
	}

	/** Whether rows of {@code typeName} are handed to a handler on this instance. */
	public boolean handled(String typeName) {
		return this.invokers.containsKey(typeName);
	}

	/**
	 * Interrupts the handler calls running here for the rows {@code rowIds} of {@code typeName}, just cancelled, and
	 * skips those of them still waiting for their turn in a batch held here.
	 * @return how many were interrupted
	 */
	public int cancelled(String typeName, Collection<?> rowIds) {
		HandlerInvoker invoker = this.invokers.get(typeName);
		return (invoker != null && !rowIds.isEmpty()) ? invoker.cancelled(rowIds) : 0;
	}

	/**
	 * {@link #cancelled Interrupts} the calls for {@code rowIds} once the caller's transaction commits (at once
	 * without one): a call interrupted before then would be for a cancel that may still roll back.
	 */
	public void cancelledOnCommit(String typeName, Collection<?> rowIds) {
		if (rowIds.isEmpty()) {
			return;
		}
		if (TransactionSynchronizationManager.isSynchronizationActive()) {
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
				@Override
				public void afterCommit() {
					cancelled(typeName, rowIds);
				}
			});
		}
		else {
			cancelled(typeName, rowIds);
		}
	}

}
