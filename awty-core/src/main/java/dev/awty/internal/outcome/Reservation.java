package dev.awty.internal.outcome;

/**
 * Rows a worker may publish ({@link OutcomeQueue#reserve}), given back once their outcomes are written or given up.
 */
public final class Reservation {

	private final WorkerBudget budget;

	private final int rows;

	Reservation(WorkerBudget budget, int rows) {
		this.budget = budget;
		this.rows = rows;
	}

	WorkerBudget budget() {
		return this.budget;
	}

	int rows() {
		return this.rows;
	}

	/** Gives the rows back unused: nothing was published, or the part failed before its outcomes were known. */
	public void cancel() {
		this.budget.release(this.rows);
	}

}
