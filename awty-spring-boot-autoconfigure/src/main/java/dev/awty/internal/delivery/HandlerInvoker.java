package dev.awty.internal.delivery;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.jspecify.annotations.Nullable;

import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

import dev.awty.handler.HandlerOutcome;

/**
 * Runs a handler call on a thread of its own, so that a call that hangs can be abandoned after the timeout:
 * it is interrupted, and whatever it does afterwards has no effect on the row.
 */
final class HandlerInvoker {

	private final ExecutorService executor;

	private final Duration timeout;

	HandlerInvoker(String typeName, Duration timeout) {
		CustomizableThreadFactory threads = new CustomizableThreadFactory("awty-handler-" + typeName + "-");
		threads.setDaemon(true);
		this.executor = Executors.newCachedThreadPool(threads);
		this.timeout = timeout;
	}

	/**
	 * @param outcome what the handler returned, or {@code null} when it failed
	 * @param error why it failed: an exception, a timeout or no outcome
	 */
	record Invocation(@Nullable HandlerOutcome outcome, @Nullable String error) {
	}

	Invocation invoke(Callable<HandlerOutcome> call) {
		Future<HandlerOutcome> future = this.executor.submit(call);
		try {
			HandlerOutcome outcome = future.get(this.timeout.toMillis(), TimeUnit.MILLISECONDS);
			return (outcome != null) ? new Invocation(outcome, null)
					: new Invocation(null, "handler returned no outcome (null)");
		}
		catch (TimeoutException ex) {
			future.cancel(true);
			return new Invocation(null, "handler timed out after " + this.timeout + " and was interrupted");
		}
		catch (ExecutionException ex) {
			return new Invocation(null, ErrorText.of((ex.getCause() != null) ? ex.getCause() : ex));
		}
		catch (InterruptedException ex) {
			future.cancel(true);
			Thread.currentThread().interrupt();
			return new Invocation(null, "interrupted while waiting for the handler");
		}
	}

	void shutdown() {
		this.executor.shutdownNow();
	}

}
