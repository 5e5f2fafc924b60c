package dev.awty.internal.checks;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
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

import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

import dev.awty.handler.HandlerOutcome;
import dev.awty.internal.checks.HandlerInvoker.Invocation;
import dev.awty.internal.support.ErrorText;

/**
 * The bounded threads of one type's handler calls, and the waiting for a call up to the timeout. A call that does not
 * return in time is abandoned; one that ignores the interrupt keeps its thread and is counted as stuck until it
 * returns. Logs as {@link HandlerInvoker}, the category operators know the abandoned calls by.
 */
final class HandlerThreads {

	private static final Log logger = LogFactory.getLog(HandlerInvoker.class);

	private static final int NOT_STARTED = 0;

	private static final int RUNNING = 1;

	private static final int RETURNED = 2;

	private static final int ABANDONED = 3;

	private final String typeName;

	private final ThreadPoolExecutor executor;

	private final Duration timeout;

	private final AtomicInteger stuck = new AtomicInteger();

	/** @param concurrency how many batches are processed at once: as many threads, plus as many spare ones */
	HandlerThreads(String typeName, Duration timeout, int concurrency) {
		CustomizableThreadFactory threads = new CustomizableThreadFactory("awty-handler-" + typeName + "-");
		threads.setDaemon(true);
		this.typeName = typeName;
		this.executor = new ThreadPoolExecutor(0, 2 * concurrency, 60, TimeUnit.SECONDS, new SynchronousQueue<>(),
				threads);
		this.timeout = timeout;
	}

	/** One handler call, not given a thread yet. */
	Call prepare(Callable<HandlerOutcome> call) {
		return new Call(call);
	}

	/** Gives the call a thread; false when every thread is taken, and then it never runs. */
	boolean start(Call call) {
		try {
			this.executor.execute(call.task);
			return true;
		}
		catch (RejectedExecutionException ex) {
			return false;
		}
	}

	/** What a call that found no thread free returns. */
	Invocation refused() {
		return new Invocation(null, "no handler thread free: " + this.stuck.get() + " abandoned handler call(s) of type '"
				+ this.typeName + "' have not returned yet");
	}

	/** Waits for a started call up to the timeout, and abandons it if it does not return in time or is cancelled. */
	Invocation await(Call call) {
		try {
			HandlerOutcome outcome = call.task.get(this.timeout.toMillis(), TimeUnit.MILLISECONDS);
			return (outcome != null) ? new Invocation(outcome, null)
					: new Invocation(null, "handler returned no outcome (null)");
		}
		catch (TimeoutException ex) {
			call.abandon("after " + this.timeout);
			return new Invocation(null, "handler timed out after " + this.timeout + " and was interrupted");
		}
		catch (CancellationException ex) {
			// The call was cancelled for its row: the thread running the handler got the interrupt.
			call.abandon("because its row was cancelled or lost");
			return new Invocation(null, "the row was cancelled or lost while its handler ran; the handler was"
					+ " interrupted", true);
		}
		catch (ExecutionException ex) {
			return new Invocation(null, ErrorText.of((ex.getCause() != null) ? ex.getCause() : ex));
		}
		catch (InterruptedException ex) {
			call.abandon("as its worker was interrupted");
			Thread.currentThread().interrupt();
			return new Invocation(null, "interrupted while waiting for the handler");
		}
	}

	/** Calls abandoned after their timeout that still hold their thread. */
	int stuck() {
		return this.stuck.get();
	}

	void shutdown() {
		this.executor.shutdownNow();
	}

	/**
	 * A handler call: NOT_STARTED, RUNNING, then RETURNED or ABANDONED, whichever comes first; ABANDONED straight from
	 * NOT_STARTED when it is interrupted before a thread picks it up, and then it never runs.
	 */
	final class Call {

		private final AtomicInteger state = new AtomicInteger(NOT_STARTED);

		private final FutureTask<HandlerOutcome> task;

		private Call(Callable<HandlerOutcome> call) {
			this.task = new FutureTask<>(() -> {
				if (!this.state.compareAndSet(NOT_STARTED, RUNNING)) {
					return null;
				}
				try {
					return call.call();
				}
				finally {
					if (!this.state.compareAndSet(RUNNING, RETURNED)) {
						HandlerThreads.this.stuck.decrementAndGet();
					}
				}
			});
		}

		/** What cancelling interrupts. */
		Future<HandlerOutcome> future() {
			return this.task;
		}

		private void abandon(String why) {
			if (this.state.compareAndSet(NOT_STARTED, ABANDONED)) {
				// Interrupted before a thread picked it up: it will never run and holds no thread.
				this.task.cancel(false);
				return;
			}
			HandlerThreads.this.stuck.incrementAndGet();
			if (!this.state.compareAndSet(RUNNING, ABANDONED)) {
				HandlerThreads.this.stuck.decrementAndGet();
				return;
			}
			// Counted until the call really returns: the interrupt may not end it.
			this.task.cancel(true);
			logger.warn("awty: a handler call of type '" + HandlerThreads.this.typeName + "' was abandoned " + why
					+ "; " + HandlerThreads.this.stuck.get() + " abandoned call(s) have not returned yet, of at most "
					+ HandlerThreads.this.executor.getMaximumPoolSize() + " handler threads");
		}

	}

}
