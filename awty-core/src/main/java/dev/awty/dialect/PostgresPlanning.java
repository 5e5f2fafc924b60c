package dev.awty.dialect;

import java.util.List;

import dev.awty.spi.DialectPlanning;

/**
 * PostgreSQL's statements run first in a transaction: planner settings that keep claims and marks on their indexes,
 * and bounds on lock waits and on a transaction left idle, all local to the transaction.
 */
final class PostgresPlanning implements DialectPlanning {

	// A table analyzed while empty (a new service's first minute) or loaded since: the planner expected a few pending
	// rows and used the pending-only index whole, dead entries of every row delivered since included (a bitmap scan
	// never marks them dead): the claim read and sorted all of it, and a mark of 100 rows ANDed it with the primary key
	// (50,192 entries read for 100 rows). On a table never analyzed, a mark read the whole table. With these off for
	// the transaction, a claim walks the index in due order and stops at its limit, and a mark reads by primary key.
	// A plan that still needs a disabled node (a table without the due-order index) is costed at 10^10 and more, past
	// jit_above_cost: PostgreSQL then compiled every claim, some 250 ms each, so JIT is off with them.
	// Generic plans: on a table whose statistics hold rows due in days (a backlog of reminders), the generic claim,
	// costed for parameters it cannot see, looked dearer than a custom one, so PostgreSQL planned every claim anew
	// (70 µs each in the benchmark's backlog), and every mark on any table. With the scans above turned off, the
	// generic plan is the index walk a custom plan finds.
	private static final String INDEX_PLANNING = """
			SELECT set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true),
			       set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true),
			       set_config('plan_cache_mode', 'force_generic_plan', true)""";

	// The index planning and, for a write of outcomes, how long its statements wait for a row lock: in the same
	// statement, so that the bound costs no round trip of its own. Ends with the transaction.
	private static final String WRITE_PLANNING = INDEX_PLANNING + ", set_config('lock_timeout', '%1$d', true)";

	// The index planning and, for a batch held in its transaction, the bound of that transaction left idle (see
	// heldBatchPlanning): one statement, no round trip of its own.
	private static final String HELD_BATCH_PLANNING = INDEX_PLANNING
			+ ", set_config('idle_in_transaction_session_timeout', '%1$d', true)";

	// Both end with the transaction. A session left idle in its transaction (its client frozen, or cut off by the
	// network) is ended by the server after the bound, and its locks with it; without this, PostgreSQL keeps it until
	// TCP keepalive notices, two hours by the operating system's default.
	private static final String LOCK_TIMEOUT = "SET LOCAL lock_timeout = %1$d";

	private static final String IDLE_IN_TRANSACTION_TIMEOUT = "SET LOCAL idle_in_transaction_session_timeout = %1$d";

	@Override
	public List<String> indexPlanning() {
		return List.of(INDEX_PLANNING);
	}

	@Override
	public List<String> writePlanning(long lockWaitMillis) {
		return List.of(WRITE_PLANNING.formatted(lockWaitMillis));
	}

	@Override
	public List<String> heldBatchPlanning(long idleMillis) {
		return List.of(HELD_BATCH_PLANNING.formatted(idleMillis));
	}

	@Override
	public List<String> boundTransaction() {
		return List.of(LOCK_TIMEOUT, IDLE_IN_TRANSACTION_TIMEOUT);
	}

}
