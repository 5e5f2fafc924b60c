package dev.awty.internal.support;

/**
 * "The row is still PENDING", for statements that find their rows another way (by id, by the caller's selection),
 * written so that no index is chosen for it.
 * <p>
 * On PostgreSQL {@code status = 'PENDING'} matches the predicate of the pending-only index, and a planner with the
 * statistics of an empty table (a new service's first minute, before autovacuum analyzes it again; a bulk load) ANDed
 * that whole index, the dead entries of every row delivered since included, with the primary key: marking 100 rows
 * delivered read 320,000 index entries and took 44 ms, longer with each row delivered, until the table was analyzed.
 * {@code RTRIM}: a {@code CHAR(n)} status keeps its padding through {@code CONCAT} on H2 and PostgreSQL.
 */
public final class StillPending {

	/** The condition, on the unqualified {@code status} column. */
	public static final String CONDITION = "RTRIM(CONCAT(status, '')) = 'PENDING'";

	private StillPending() {
	}

}
