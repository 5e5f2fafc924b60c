package dev.awty.internal.delivery;

/**
 * How many rows a claim takes: the batch size, unless the rows of this type take so long each (a slow consumer or
 * handler) that a full batch would keep one worker busy for more than about a second. Then a claim takes about a
 * second's work, so that a backlog is spread over the workers instead of left to whichever claimed last.
 * Thread-safe: workers report, the poller reads.
 */
final class ClaimSizing {

	/** About how long one claim's rows may keep a worker busy. */
	static final long BUDGET_NANOS = 1_000_000_000L;

	/** How much the newest measurement counts: a few parts move the estimate, one odd part does not. */
	private static final double WEIGHT = 0.3;

	private final int batchSize;

	private volatile double nanosPerRow;

	ClaimSizing(int batchSize) {
		this.batchSize = batchSize;
	}

	/** The rows to claim next: the batch size until a row's cost is known, at least one. */
	int limit() {
		double perRow = this.nanosPerRow;
		if (perRow <= 0) {
			return this.batchSize;
		}
		return (int) Math.max(1, Math.min(this.batchSize, BUDGET_NANOS / perRow));
	}

	/** Reports that {@code rows} rows took {@code nanos} to publish (or handle) and be acknowledged. */
	synchronized void measured(int rows, long nanos) {
		if (rows <= 0) {
			return;
		}
		double perRow = (double) nanos / rows;
		this.nanosPerRow = (this.nanosPerRow <= 0) ? perRow : this.nanosPerRow + WEIGHT * (perRow - this.nanosPerRow);
	}

}
