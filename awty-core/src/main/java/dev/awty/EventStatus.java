package dev.awty;

/**
 * The life cycle of a scheduled row, stored as text in its {@code status} column.
 */
public enum EventStatus {

	/** Waiting to become due, or due and not yet delivered (possibly after failed attempts). */
	PENDING,

	/** Published successfully. */
	DELIVERED,

	/** Gave up after the maximum number of attempts; {@code last_error} says why. */
	FAILED,

	/** Cancelled before delivery. */
	CANCELLED

}
