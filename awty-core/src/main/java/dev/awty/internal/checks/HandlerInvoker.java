package dev.awty.internal.checks;

import java.time.Duration;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.Callable;

import org.jspecify.annotations.Nullable;

import dev.awty.handler.HandlerOutcome;

/**
 * Runs a handler call on a thread of its own, so that a call that hangs can be abandoned after the timeout:
 * it is interrupted, and whatever it does afterwards has no effect on the row.
 * <p>
 * The threads are bounded: one per batch processed at once, plus as many spare ones for calls that ignore the
 * interrupt (stuck in uninterruptible I/O). Such a stuck call keeps its thread until it returns and is counted
 * and logged; once every thread is taken, further calls fail at once as failed attempts instead of starting one
 * more thread per call ({@link HandlerThreads}).
 * <p>
 * A call made for a row can also be interrupted before its timeout, when the row is cancelled or lost while its
 * handler runs ({@link #interrupt}): it is abandoned in the same way, and its invocation says it was cancelled.
 * Calls are known by the claim that holds their row as well as by the row: a row lost by one claim and claimed
 * again by another of this instance is interrupted for the first only ({@link CancellableCalls}).
 */
public final class HandlerInvoker {

	private final HandlerThreads threads;

	private final CancellableCalls calls = new CancellableCalls();

	public HandlerInvoker(String typeName, Duration timeout, int concurrency) {
		this.threads = new HandlerThreads(typeName, timeout, concurrency);
	}

	/**
	 * @param outcome what the handler returned, or {@code null} when it failed
	 * @param error why it failed: an exception, a timeout or no outcome
	 * @param interrupted whether the call was interrupted because its row was cancelled or lost meanwhile: its
	 * outcome belongs to no one and must not be written
	 */
	public record Invocation(@Nullable HandlerOutcome outcome, @Nullable String error, boolean interrupted) {

		Invocation(@Nullable HandlerOutcome outcome, @Nullable String error) {
			this(outcome, error, false);
		}

	}

	/** Runs {@code call} for no row: no cancel can reach it. */
	public Invocation invoke(Callable<HandlerOutcome> call) {
		return run(null, call);
	}

	/**
	 * Runs {@code call} for the row {@code rowId} held by the claim {@code claim}, which {@link #interrupt} and
	 * {@link #cancelled} can then reach.
	 */
	public Invocation invoke(String claim, Object rowId, Callable<HandlerOutcome> call) {
		if (this.calls.cancelledBeforeItsTurn(rowId)) {
			return new Invocation(null, "the row was cancelled before its handler ran", true);
		}
		return run(new CancellableCalls.RowCall(claim, rowId), call);
	}

	private Invocation run(CancellableCalls.@Nullable RowCall key, Callable<HandlerOutcome> call) {
		HandlerThreads.Call prepared = this.threads.prepare(call);
		// Registered before it may start: a cancel that comes as soon as the handler runs must find it.
		this.calls.register(key, prepared.future());
		try {
			return this.threads.start(prepared) ? this.threads.await(prepared) : this.threads.refused();
		}
		finally {
			this.calls.unregister(key, prepared.future());
		}
	}

	/**
	 * Interrupts the handler calls running for {@code rowIds} held by the claim {@code claim}, which lost them, as a
	 * timeout would: each returns at once as {@linkplain Invocation#interrupted() interrupted}, whatever its handler
	 * does with the interrupt. A call for the same row under another claim (this instance claimed it again) goes on.
	 * @return how many running calls were interrupted
	 */
	public int interrupt(String claim, Collection<?> rowIds) {
		return this.calls.interrupt(claim, rowIds);
	}

	/**
	 * Interrupts the handler calls running for {@code rowIds}, just cancelled, under any claim, and remembers the
	 * others: those waiting for their turn in a batch this instance holds are not handed to the handler, and those
	 * whose call already returned have their outcome and messages dropped ({@link #cancelledAfterReturning}).
	 * @return how many running calls were interrupted
	 */
	public int cancelled(Collection<?> rowIds) {
		return this.calls.cancelled(rowIds);
	}

	/**
	 * Of {@code rowIds}, whose handler calls returned, those cancelled since: forgotten here, as the caller drops
	 * their outcome and what their handler buffered.
	 */
	public Set<Object> cancelledAfterReturning(Collection<?> rowIds) {
		return this.calls.cancelledAfterReturning(rowIds);
	}

	/** Handler calls abandoned after their timeout that still hold their thread. */
	public int stuckCalls() {
		return this.threads.stuck();
	}

	public void shutdown() {
		this.threads.shutdown();
	}

}
