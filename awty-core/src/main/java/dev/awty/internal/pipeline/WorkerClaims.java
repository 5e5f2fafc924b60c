package dev.awty.internal.pipeline;

import org.jspecify.annotations.Nullable;

/**
 * The claims a {@link LoopCycle} lets its workers make while it drains a backlog from a source whose claims skip
 * each other's rows: one claim on the loop's thread paid the database's round trip for every batch, so a backlog
 * was drained at one claim's speed however many workers waited. Tracks the claims in flight and whether the cycle
 * may end: a short claim says nothing more is due only once the claims running beside it have answered, since it
 * skipped the rows they held. Thread-safe: the loop submits, workers report.
 */
final class WorkerClaims {

	private int inFlight;

	/** Whether the claim that answered last took fewer rows than it could. */
	private boolean lastShort;

	private @Nullable Throwable failure;

	/** A claim is about to be submitted to a worker. */
	synchronized void submitting() {
		this.inFlight++;
	}

	/** A claim answered (or was never made: {@code full} false), taking as many rows as it could or fewer. */
	synchronized void answered(boolean full) {
		this.inFlight--;
		this.lastShort = !full;
		notifyAll();
	}

	/** A claim failed; the loop fails with it once it looks. */
	synchronized void failed(Throwable ex) {
		this.inFlight--;
		if (this.failure == null) {
			this.failure = ex;
		}
		notifyAll();
	}

	/**
	 * Whether the cycle has claimed everything due: the last claim to answer was short, and no claim still runs that
	 * could say otherwise (waits for those). Throws the first failure of a worker's claim.
	 */
	synchronized boolean drained() {
		while (this.lastShort && this.inFlight > 0 && this.failure == null) {
			try {
				wait();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return true;
			}
		}
		Throwable failed = this.failure;
		if (failed != null) {
			this.failure = null;
			if (failed instanceof Error error) {
				throw error;
			}
			throw (RuntimeException) failed;
		}
		return this.lastShort;
	}

	/** Starts a cycle's count afresh; claims of an earlier cycle still running report into it harmlessly. */
	synchronized void reset() {
		this.lastShort = false;
		this.failure = null;
	}

}
