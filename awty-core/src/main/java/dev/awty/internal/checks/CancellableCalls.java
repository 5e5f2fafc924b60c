package dev.awty.internal.checks;

import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

import dev.awty.handler.HandlerOutcome;

/**
 * What a cancel or the loss of a claim reaches: the handler calls running for rows, known by the claim that holds
 * their row as well as by the row, and the rows cancelled while none of their calls ran.
 */
final class CancellableCalls {

	/**
	 * How long a row cancelled before its turn is remembered: far longer than any row waits for its turn in a
	 * batch, and what a cancel names that never comes here (a row another instance held) is forgotten after it.
	 */
	private static final long FORGET_CANCELLED_NANOS = TimeUnit.HOURS.toNanos(1);

	/** One row's call: the claim token that holds the row, and the row's id. */
	record RowCall(String claim, Object rowId) {
	}

	private final Map<RowCall, Future<HandlerOutcome>> running = new ConcurrentHashMap<>();

	/**
	 * Rows cancelled while claimed but not running, with {@link System#nanoTime()} of the cancel: a row later in a
	 * batch being handled is then not handed to the handler when its turn comes, and one whose handler had already
	 * returned has what it buffered dropped ({@link #cancelledAfterReturning}).
	 */
	private final Map<Object, Long> cancelledBeforeTurn = new ConcurrentHashMap<>();

	/** Whether the row was cancelled before its turn; forgotten here, as its call is then not made. */
	boolean cancelledBeforeItsTurn(Object rowId) {
		return this.cancelledBeforeTurn.remove(rowId) != null;
	}

	/** Makes the call of a row reachable; a call for no row ({@code null}) is reachable by no cancel. */
	void register(@Nullable RowCall key, Future<HandlerOutcome> call) {
		if (key != null) {
			this.running.put(key, call);
		}
	}

	void unregister(@Nullable RowCall key, Future<HandlerOutcome> call) {
		if (key != null) {
			this.running.remove(key, call);
		}
	}

	/** See {@link HandlerInvoker#interrupt}. */
	int interrupt(String claim, Collection<?> rowIds) {
		int interrupted = 0;
		for (Object rowId : rowIds) {
			Future<HandlerOutcome> future = this.running.get(new RowCall(claim, rowId));
			if (future != null && future.cancel(true)) {
				interrupted++;
			}
		}
		return interrupted;
	}

	/** See {@link HandlerInvoker#cancelled}. */
	int cancelled(Collection<?> rowIds) {
		long now = System.nanoTime();
		this.cancelledBeforeTurn.values().removeIf((at) -> now - at > FORGET_CANCELLED_NANOS);
		Set<Object> cancelled = new HashSet<>(rowIds);
		Set<Object> runningRows = new HashSet<>();
		this.running.keySet().forEach((call) -> {
			if (cancelled.contains(call.rowId())) {
				runningRows.add(call.rowId());
			}
		});
		// Remembered before any interrupt: the worker goes on to its next row as soon as the running one is
		// interrupted, and that row must already be known as cancelled.
		for (Object rowId : cancelled) {
			if (!runningRows.contains(rowId)) {
				this.cancelledBeforeTurn.put(rowId, now);
			}
		}
		Set<Object> interrupted = new HashSet<>();
		this.running.forEach((call, future) -> {
			if (cancelled.contains(call.rowId()) && future.cancel(true)) {
				interrupted.add(call.rowId());
			}
		});
		// A call that returned just now cannot be interrupted any more: it is remembered like one that never ran.
		for (Object rowId : runningRows) {
			if (!interrupted.contains(rowId)) {
				this.cancelledBeforeTurn.put(rowId, now);
			}
		}
		return interrupted.size();
	}

	/** See {@link HandlerInvoker#cancelledAfterReturning}. */
	Set<Object> cancelledAfterReturning(Collection<?> rowIds) {
		if (this.cancelledBeforeTurn.isEmpty()) {
			return Set.of();
		}
		Set<Object> cancelled = new HashSet<>();
		for (Object rowId : rowIds) {
			if (this.cancelledBeforeTurn.remove(rowId) != null) {
				cancelled.add(rowId);
			}
		}
		return cancelled;
	}

}
