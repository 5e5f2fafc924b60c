package dev.awty.integration;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.time.Duration;

import org.springframework.core.NestedExceptionUtils;

/**
 * Tells the failed sends after which every further message of the batch would fail the same way, so that the rest
 * of the batch fails at once instead of being tried one message after another.
 */
final class SendFailures {

	private SendFailures() {
	}

	/** Whether {@code failure} of a send that took {@code sendNanos} stops the rest of its batch. */
	static boolean stopsBatch(Throwable failure, long sendNanos, long sendTimeoutMillis) {
		return unreachable(failure) || blocked(failure, sendNanos, sendTimeoutMillis);
	}

	/**
	 * Whether the send failed because the broker could not be reached at all: every further message of the
	 * batch would fail the same way after opening a connection of its own, so they are not tried.
	 */
	private static boolean unreachable(Throwable failure) {
		Throwable cause = NestedExceptionUtils.getMostSpecificCause(failure);
		return cause instanceof ConnectException || cause instanceof NoRouteToHostException
				|| cause instanceof UnknownHostException;
	}

	/**
	 * Whether the send failed after blocking: a timeout anywhere in its causes (a Kafka producer waiting
	 * {@code max.block.ms} for metadata or buffer space throws one), or a failure that took the whole send timeout.
	 * Every further message would block as long, so the rest of the batch fails at once instead.
	 */
	private static boolean blocked(Throwable failure, long sendNanos, long sendTimeoutMillis) {
		if (sendNanos >= Duration.ofMillis(sendTimeoutMillis).toNanos()) {
			return true;
		}
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof java.util.concurrent.TimeoutException
					|| cause.getClass().getSimpleName().equals("TimeoutException")) {
				return true;
			}
			if (cause.getCause() == cause) {
				break;
			}
		}
		return false;
	}

}
