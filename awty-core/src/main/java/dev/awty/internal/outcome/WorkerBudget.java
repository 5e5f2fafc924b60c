package dev.awty.internal.outcome;

import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One worker's rows published and not yet written, bounded at twice {@code mark-every} (which bounds what a crash
 * re-delivers), and whether a write of its outcomes failed since it last reserved rows.
 */
final class WorkerBudget {

	private final Semaphore permits;

	private final AtomicBoolean failed = new AtomicBoolean();

	WorkerBudget(int rows) {
		this.permits = new Semaphore(rows);
	}

	/**
	 * Waits until {@code rows} more rows may be published.
	 * @throws OutcomesNotWritten when a write of this worker's outcomes failed since its last reservation: as when it
	 * wrote them itself, the worker ends its batch rather than publish rows whose outcomes would fail to be written too
	 */
	Reservation reserve(int rows, String typeName) {
		this.permits.acquireUninterruptibly(rows);
		if (this.failed.getAndSet(false)) {
			this.permits.release(rows);
			throw new OutcomesNotWritten("the outcomes of an earlier part of type '" + typeName
					+ "' could not be written");
		}
		return new Reservation(this, rows);
	}

	/** Gives back rows whose outcomes are written or given up. */
	void release(int rows) {
		this.permits.release(rows);
	}

	/** A write of this worker's outcomes failed for good; told before its rows are given back. */
	void failed() {
		this.failed.set(true);
	}

	/** A worker's earlier outcomes could not be written: it stops publishing its batch. */
	static final class OutcomesNotWritten extends IllegalStateException {

		OutcomesNotWritten(String message) {
			super(message);
		}

	}

}
