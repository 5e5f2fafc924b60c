package dev.awty.internal.selection;

import dev.awty.internal.support.StillPending;

/**
 * The writes of a {@link JdbcSelection}, each a template filled with the dialect's selected rows ({@code %1$s}: the
 * table, or the table joined to the selected ids, see {@link dev.awty.spi.DialectSelections#selectedRows()}), the
 * sub-select of the selected ids ({@code %2$s}) and the dialect's condition on {@code id} over that sub-select
 * ({@code %3$s}, see {@link dev.awty.spi.DialectSelections#idInSubSelect()}). Rows claimed by a live lease are left
 * alone, except by the cancel of a type with a handler.
 */
final class SelectionStatements {

	private static final String CLAIM_FREE = "(claimed_until IS NULL OR claimed_until < CURRENT_TIMESTAMP)";

	// checked again on the row found by id: a concurrent write may have changed it
	private static final String STILL_PENDING = StillPending.CONDITION;

	static final String RESCHEDULE = """
			UPDATE %1$s SET due_at = :awtyDueAt, version = version + 1, claimed_by = NULL
			WHERE %3$s AND""" + " " + STILL_PENDING + " AND " + CLAIM_FREE;

	// Deliver-now and retry keep the version: the occurrence is the same, and an earlier attempt whose
	// acknowledgement timed out may already be at the broker under its event id.
	static final String DELIVER_NOW = """
			UPDATE %1$s SET due_at = CURRENT_TIMESTAMP, claimed_by = NULL
			WHERE %3$s AND""" + " " + STILL_PENDING + " AND " + CLAIM_FREE;

	static final String CANCEL = """
			UPDATE %1$s SET status = 'CANCELLED', claimed_by = NULL
			WHERE %3$s AND""" + " " + STILL_PENDING + " AND " + CLAIM_FREE;

	static final String CANCEL_MARKED = """
			UPDATE %1$s SET status = 'CANCELLED', claimed_by = :awtyCanceller
			WHERE %3$s AND""" + " " + STILL_PENDING + " AND " + CLAIM_FREE;

	// A row of a type with a handler is cancelled even while claimed, its handler running: taking its claim fences
	// off the running instance's outcome write and tells its heartbeat that the row is gone.
	static final String CANCEL_CHECK = """
			UPDATE %1$s SET status = 'CANCELLED', claimed_by = NULL, claimed_until = NULL
			WHERE %3$s AND""" + " " + STILL_PENDING;

	static final String CANCEL_CHECK_MARKED = """
			UPDATE %1$s SET status = 'CANCELLED', claimed_by = :awtyCanceller, claimed_until = NULL
			WHERE %3$s AND""" + " " + STILL_PENDING;

	static final String RETRY = """
			UPDATE %1$s SET status = 'PENDING', due_at = CURRENT_TIMESTAMP, attempts = 0, claimed_by = NULL,
			       claimed_until = NULL
			WHERE %3$s AND status = 'FAILED'
			""";

	static final String COUNT_IN_FLIGHT = """
			SELECT COUNT(*) FROM %1$s
			WHERE %3$s AND""" + " " + STILL_PENDING + " AND claimed_until >= CURRENT_TIMESTAMP";

	// The rows a cancel of a type with a handler takes from their claim, whose handler calls it then interrupts; the
	// id is qualified by the table's name (%4$s), as the dialect's selected rows may join a derived table of ids.
	static final String CLAIMED_IDS = """
			SELECT %4$s.id FROM %1$s
			WHERE %3$s AND""" + " " + STILL_PENDING + " AND claimed_until >= CURRENT_TIMESTAMP";

	private SelectionStatements() {
	}

}
