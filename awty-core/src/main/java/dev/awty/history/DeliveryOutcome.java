package dev.awty.history;

/**
 * How one row ended, or one attempt failed, as recorded in {@code awty_delivery_log.outcome}.
 */
public enum DeliveryOutcome {

	/** Published to its channel and finished. */
	DELIVERED,

	/** Finished by its handler without being published. */
	FINISHED,

	/** Given up: out of attempts, or stopped by a guard; {@code error} says why. */
	FAILED,

	/** Cancelled before delivery. */
	CANCELLED,

	/** An attempt failed and the row is retried after a backoff; {@code error} says why. */
	RETRY,

	/**
	 * Recurring occurrences dropped by a misfire policy after an outage, one entry per schedule and claim: its
	 * {@code dueAt} is the first occurrence dropped and {@code error} says how many, from which instant to which.
	 */
	SKIPPED

}
