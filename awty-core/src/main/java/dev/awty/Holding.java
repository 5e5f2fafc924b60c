package dev.awty;

/**
 * How an instance holds the rows of a batch it claimed, from the claim until their outcome is written: what keeps
 * other instances off them, and what frees them when this instance dies.
 */
public enum Holding {

	/**
	 * The claim locks the rows ({@code FOR UPDATE SKIP LOCKED}) in a transaction that stays open while the batch is
	 * published, and marks them and writes their history before it commits: the row lock is the fence, and a killed
	 * instance's rows are free as soon as its connection drops. One row version per delivered row, no lease and no
	 * heartbeat; each open batch holds a pooled connection. Rows are locked once due, never claimed ahead. For types
	 * whose handling is short: publishing to a channel or a broker. Types with a handler or limits are held by a
	 * {@link #LEASE} whatever this setting.
	 */
	TRANSACTION,

	/**
	 * The claim writes a lease ({@code claimed_by}, {@code claimed_until}) and commits; heartbeats extend it while the
	 * batch is worked on, and a lease that runs out frees the rows of an instance that died. For what must not hold a
	 * transaction open: handlers that may run long or write their own row, rows claimed far ahead.
	 */
	LEASE

}
