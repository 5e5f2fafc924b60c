package dev.awty.internal.pipeline.kit;

import java.time.Duration;

/**
 * Told what the pollers do, for metrics and the dashboard. Called on poller and worker threads, so an
 * implementation must be thread-safe and quick; an exception it throws is logged and ignored.
 */
public interface DeliveryObserver {

	/** A claim statement of {@code type} ran for {@code nanos} and claimed {@code rows} rows. */
	default void claimed(String type, int rows, long nanos) {
	}

	/** A row of {@code type} was published {@code lag} after its due time (never negative). */
	default void published(String type, Duration lag) {
	}

	/**
	 * An attempt to publish a row of {@code type} failed.
	 * @param retried whether the row is tried again after a backoff; otherwise it is now {@code FAILED}
	 */
	default void failedAttempt(String type, boolean retried) {
	}

	/** {@code rows} held rows of {@code type} were lost: their lease ran out and someone else took them. */
	default void leaseLost(String type, long rows) {
	}

	/** {@code occurrences} due occurrences of {@code type} were dropped by a misfire policy, never published. */
	default void skipped(String type, long occurrences) {
	}

}
