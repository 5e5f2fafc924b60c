package dev.awty.internal.checks;

import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

import dev.awty.handler.HandlerOutcome;
import dev.awty.internal.support.ErrorText;

/**
 * Runs a handler call on a thread of its own, so that a call that hangs can be abandoned after the timeout:
 * it is interrupted, and whatever it does afterwards has no effect on the row.
 * <p>
 * The threads are bounded: one per batch processed at once, plus as many spare ones for calls that ignore the
 * interrupt (stuck in uninterruptible I/O). Such a stuck call keeps its thread until it returns and is counted
 * and logged; once every thread is taken, further calls fail at once as failed attempts instead of starting one
 * more thread per call.
 * <p>
 * A call made for a row can also be interrupted before its timeout, when the row is cancelled or lost while its
 * handler runs ({@link #interrupt}): it is abandoned in the same way, and its invocation says it was cancelled.
 * Calls are known by the claim that holds their row as well as by the row: a row lost by one claim and claimed
 * again by another of this instance is interrupted for the first only.
 */
public final class HandlerInvoker {

	private static final Log logger = LogFactory.getLog(HandlerInvoker.class);

	private static final int NOT_STARTED = 0;

	private static final int RUNNING = 1;

	private static final int RETURNED = 2;

	private static final int ABANDONED = 3;

	private final String typeName;

	private final ThreadPoolExecutor executor;

	private final Duration timeout;

	private final AtomicInteger stuck = new AtomicInteger();

	/** The calls running for a row, by claim and row, so that a cancel or a loss can reach them. */
	private final Map<RowCall, Future<HandlerOutcome>> running = new ConcurrentHashMap<>();

	/**
	 * Rows cancelled while claimed but not running, with {@link System#nanoTime()} of the cancel: a row later in a
	 * batch being handled is then not handed to the handler when its turn comes, and one whose handler had already
	 * returned has what it buffered dropped ({@link #cancelledAfterReturning}).
	 */
	private final Map<Object, Long> cancelledBeforeTurn = new ConcurrentHashMap<>();

	/**
	 * How long a row cancelled before its turn is remembered: far longer than any row waits for its turn in a
	 * batch, and what a cancel names that never comes here (a row another instance held) is forgotten after it.
	 */
	private static final long FORGET_CANCELLED_NANOS = TimeUnit.HOURS.toNanos(1);

	public HandlerInvoker(String typeName, Duration timeout, int concurrency) {
		CustomizableThreadFactory threads = new CustomizableThreadFactory("awty-handler-" + typeName + "-");
		threads.setDaemon(true);
		this.typeName = typeName;
		this.executor = new ThreadPoolExecutor(0, 2 * concurrency, 60, TimeUnit.SECONDS, new SynchronousQueue<>(),
				threads);
		this.timeout = timeout;
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

	/** One row's call: the claim token that holds the row, and the row's id. */
	private record RowCall(String claim, Object rowId) {
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
		if (this.cancelledBeforeTurn.remove(rowId) != null) {
			return new Invocation(null, "the row was cancelled before its handler ran", true);
		}
		return run(new RowCall(claim, rowId), call);
	}

	private Invocation run(@Nullable RowCall key, Callable<HandlerOutcome> call) {
		// NOT_STARTED, RUNNING, then RETURNED or ABANDONED, whichever comes first; ABANDONED straight from NOT_STARTED
		// when the call is interrupted before a thread picks it up, and then it never runs.
		AtomicInteger state = new AtomicInteger(NOT_STARTED);
		FutureTask<HandlerOutcome> future = new FutureTask<>(() -> {
			if (!state.compareAndSet(NOT_STARTED, RUNNING)) {
				return null;
			}
			try {
				return call.call();
			}
			finally {
				if (!state.compareAndSet(RUNNING, RETURNED)) {
					this.stuck.decrementAndGet();
				}
			}
		});
		// Registered before it may start: a cancel that comes as soon as the handler runs must find it.
		if (key != null) {
			this.running.put(key, future);
		}
		try {
			this.executor.execute(future);
		}
		catch (RejectedExecutionException ex) {
			if (key != null) {
				this.running.remove(key, future);
			}
			return new Invocation(null, "no handler thread free: " + this.stuck.get()
					+ " abandoned handler call(s) of type '" + this.typeName + "' have not returned yet");
		}
		try {
			HandlerOutcome outcome = future.get(this.timeout.toMillis(), TimeUnit.MILLISECONDS);
			return (outcome != null) ? new Invocation(outcome, null)
					: new Invocation(null, "handler returned no outcome (null)");
		}
		catch (TimeoutException ex) {
			abandon(future, state, "after " + this.timeout);
			return new Invocation(null, "handler timed out after " + this.timeout + " and was interrupted");
		}
		catch (CancellationException ex) {
			// interrupt() cancelled the future: the thread running the handler got the interrupt.
			abandon(future, state, "because its row was cancelled or lost");
			return new Invocation(null, "the row was cancelled or lost while its handler ran; the handler was"
					+ " interrupted", true);
		}
		catch (ExecutionException ex) {
			return new Invocation(null, ErrorText.of((ex.getCause() != null) ? ex.getCause() : ex));
		}
		catch (InterruptedException ex) {
			abandon(future, state, "as its worker was interrupted");
			Thread.currentThread().interrupt();
			return new Invocation(null, "interrupted while waiting for the handler");
		}
		finally {
			if (key != null) {
				this.running.remove(key, future);
			}
		}
	}

	/**
	 * Interrupts the handler calls running for {@code rowIds} held by the claim {@code claim}, which lost them, as a
	 * timeout would: each returns at once as {@linkplain Invocation#interrupted() interrupted}, whatever its handler
	 * does with the interrupt. A call for the same row under another claim (this instance claimed it again) goes on.
	 * @return how many running calls were interrupted
	 */
	public int interrupt(String claim, Collection<?> rowIds) {
		int interrupted = 0;
		for (Object rowId : rowIds) {
			Future<HandlerOutcome> future = this.running.get(new RowCall(claim, rowId));
			if (future != null && future.cancel(true)) {
				interrupted++;
			}
		}
		return interrupted;
	}

	/**
	 * Interrupts the handler calls running for {@code rowIds}, just cancelled, under any claim, and remembers the
	 * others: those waiting for their turn in a batch this instance holds are not handed to the handler, and those
	 * whose call already returned have their outcome and messages dropped ({@link #cancelledAfterReturning}).
	 * @return how many running calls were interrupted
	 */
	public int cancelled(Collection<?> rowIds) {
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

	/**
	 * Of {@code rowIds}, whose handler calls returned, those cancelled since: forgotten here, as the caller drops
	 * their outcome and what their handler buffered.
	 */
	public Set<Object> cancelledAfterReturning(Collection<?> rowIds) {
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

	/** Handler calls abandoned after their timeout that still hold their thread. */
	public int stuckCalls() {
		return this.stuck.get();
	}

	private void abandon(Future<HandlerOutcome> future, AtomicInteger state, String why) {
		if (state.compareAndSet(NOT_STARTED, ABANDONED)) {
			// Interrupted before a thread picked it up: it will never run and holds no thread.
			future.cancel(false);
			return;
		}
		this.stuck.incrementAndGet();
		if (!state.compareAndSet(RUNNING, ABANDONED)) {
			this.stuck.decrementAndGet();
			return;
		}
		// Counted until the call really returns: the interrupt may not end it.
		future.cancel(true);
		logger.warn("awty: a handler call of type '" + this.typeName + "' was abandoned " + why + "; "
				+ this.stuck.get() + " abandoned call(s) have not returned yet, of at most "
				+ this.executor.getMaximumPoolSize() + " handler threads");
	}

	public void shutdown() {
		this.executor.shutdownNow();
	}

}
