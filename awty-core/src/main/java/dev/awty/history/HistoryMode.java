package dev.awty.history;

/**
 * Which outcomes of a type are written to {@code awty_delivery_log}.
 */
public enum HistoryMode {

	/** Every finished row and every failed attempt. */
	ALL,

	/** Only failed attempts, rows that failed and recurring occurrences skipped after an outage. */
	FAILURES,

	/** Nothing. */
	NONE;

	/** Whether an entry with {@code outcome} is written in this mode. */
	public boolean records(DeliveryOutcome outcome) {
		return switch (this) {
			case ALL -> true;
			case FAILURES -> outcome == DeliveryOutcome.FAILED || outcome == DeliveryOutcome.RETRY
					|| outcome == DeliveryOutcome.SKIPPED;
			case NONE -> false;
		};
	}

}
