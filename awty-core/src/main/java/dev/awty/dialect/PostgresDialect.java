package dev.awty.dialect;

import java.sql.Types;
import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.awty.spi.ClaimStatement;
import dev.awty.spi.DailyHistoryPartitions;
import dev.awty.spi.SchemaInitializationLock;
import dev.awty.spi.SqlDialect;

/**
 * PostgreSQL: claims with {@code UPDATE … RETURNING} over a {@code FOR UPDATE SKIP LOCKED} sub-select whose ids
 * are looked up by primary key.
 */
public final class PostgresDialect implements SqlDialect {

	// "id = ANY (ARRAY(…))" runs the sub-select once and looks the claimed ids up by primary key. With "id IN (…)"
	// and statistics that still say the table is empty (a burst right after a purge, before autovacuum analyzes
	// it), PostgreSQL plans a nested loop that scans the whole table once per claimed row.
	private static final String CLAIM_DUE_ROWS = """
			UPDATE %1$s SET claimed_by = :claimer,
			       claimed_until = CURRENT_TIMESTAMP + :leaseMillis * INTERVAL '1 millisecond'
			WHERE id = ANY (ARRAY(
			    SELECT id FROM %1$s
			    WHERE status = 'PENDING' AND due_at <= CURRENT_TIMESTAMP + :aheadMillis * INTERVAL '1 millisecond'
			      AND (claimed_until IS NULL OR claimed_until < CURRENT_TIMESTAMP)
			    ORDER BY %2$s
			    LIMIT :limit
			    FOR UPDATE SKIP LOCKED))
			RETURNING *, CURRENT_TIMESTAMP AS awty_claimed_at
			""";

	// Nothing written by the claim: the row lock held until the batch commits is its fence.
	private static final String LOCK_DUE_ROWS = """
			SELECT held.*, CURRENT_TIMESTAMP AS awty_claimed_at FROM %1$s held
			WHERE status = 'PENDING' AND due_at <= CURRENT_TIMESTAMP + :aheadMillis * INTERVAL '1 millisecond'%3$s
			  AND (claimed_until IS NULL OR claimed_until < CURRENT_TIMESTAMP)
			ORDER BY %2$s
			LIMIT :limit
			FOR UPDATE SKIP LOCKED
			""";

	// The key's other rows are looked up through the index on the key column (the documentation asks for one).
	// "RTRIM(CONCAT(k.status, '')) = 'PENDING'" keeps the look-up off the pending-only index, whose predicate a plain
	// status test implies: on a table without statistics PostgreSQL then ANDed both indexes, reading the whole pending
	// index once per candidate, and gave up the due-order scan that stops at :limit rows (200,000 rows: 647 s, now
	// 11 ms). RTRIM: a CHAR(n) status keeps its padding through CONCAT.
	private static final String CLAIM_DUE_ROWS_ONE_PER_KEY = """
			UPDATE %1$s SET claimed_by = :claimer,
			       claimed_until = CURRENT_TIMESTAMP + :leaseMillis * INTERVAL '1 millisecond'
			WHERE id = ANY (ARRAY(
			    SELECT id FROM %1$s c
			    WHERE status = 'PENDING' AND due_at <= CURRENT_TIMESTAMP + :aheadMillis * INTERVAL '1 millisecond'
			      AND (claimed_until IS NULL OR claimed_until < CURRENT_TIMESTAMP)
			      AND NOT EXISTS (SELECT 1 FROM %1$s k
			          WHERE k.%3$s = c.%3$s AND RTRIM(CONCAT(k.status, '')) = 'PENDING' AND k.id <> c.id
			            AND (k.claimed_until >= CURRENT_TIMESTAMP
			                 OR (k.due_at <= CURRENT_TIMESTAMP + :aheadMillis * INTERVAL '1 millisecond'
			                     AND (k.due_at < c.due_at OR (k.due_at = c.due_at AND k.id < c.id)))))
			    ORDER BY %2$s
			    LIMIT :limit
			    FOR UPDATE SKIP LOCKED))
			RETURNING *, CURRENT_TIMESTAMP AS awty_claimed_at
			""";

	// "enabled = TRUE AND next_fire_at <= …" implies the predicate of the partial index awty_schedule_due.
	// clock_timestamp(), not the transaction's CURRENT_TIMESTAMP: occurrences claimed ahead are held until their time
	// counted from this value, and a claim of hundreds of schedules takes long enough to make them that much late.
	private static final String CLAIM_DUE_SCHEDULES = """
			UPDATE %1$s SET claimed_by = :claimer,
			       claimed_until = CURRENT_TIMESTAMP + :leaseMillis * INTERVAL '1 millisecond'
			WHERE id = ANY (ARRAY(
			    SELECT id FROM %1$s
			    WHERE enabled = TRUE AND next_fire_at <= CURRENT_TIMESTAMP + :aheadMillis * INTERVAL '1 millisecond'
			      AND (claimed_until IS NULL OR claimed_until < CURRENT_TIMESTAMP)
			    ORDER BY next_fire_at
			    LIMIT :limit
			    FOR UPDATE SKIP LOCKED))
			RETURNING *, clock_timestamp() AS awty_claimed_at
			""";

	private static final String EXTEND_LEASES = """
			UPDATE %1$s SET claimed_until = CURRENT_TIMESTAMP + :leaseMillis * INTERVAL '1 millisecond'
			WHERE id IN (:ids) AND claimed_by IN (:claimers)
			""";

	// "RTRIM(CONCAT(status, ''))": a plain status test matches the pending-only index's predicate, which a planner
	// with an empty table's statistics ANDed whole with the primary key (see dev.awty.internal.support.StillPending).
	private static final String RECORD_FAILED_ATTEMPT = """
			UPDATE %1$s SET attempts = attempts + 1, last_error = :error,
			       status = CASE WHEN attempts + 1 >= :maxAttempts THEN 'FAILED' ELSE 'PENDING' END,
			       due_at = CASE WHEN attempts + 1 >= :maxAttempts THEN due_at
			                     ELSE CURRENT_TIMESTAMP + :backoffMillis * INTERVAL '1 millisecond' END,
			       claimed_by = NULL, claimed_until = NULL
			WHERE id = :id AND claimed_by = :claimer AND RTRIM(CONCAT(status, '')) = 'PENDING'
			""";

	// PostgreSQL holds a notification until commit and drops it on rollback: exactly "after commit only".
	private static final String NOTIFY_DUE = "SELECT pg_notify('awty_due', :type || '|' || :dueAtMillis)";

	private static final String LISTEN_DUE = "LISTEN awty_due";

	// As in the claim: "id IN (sub-select)" on tables without statistics (a join reschedule right after a bulk load)
	// planned a nested loop that ran the sub-select's join once per row of the table, 195 s for 2,000 rows.
	private static final String ID_IN_SUB_SELECT = "id = ANY (ARRAY(%s))";

	private static final String SHIFT_PENDING_ROWS = """
			UPDATE %1$s SET due_at = due_at + :awtyMicros * INTERVAL '1 microsecond', version = version + 1, claimed_by = NULL
			WHERE id = ANY (ARRAY(%2$s)) AND RTRIM(CONCAT(status, '')) = 'PENDING' AND (claimed_until IS NULL OR claimed_until < CURRENT_TIMESTAMP)
			""";

	// Without statistics, the caller's join (the purchases of one album) was planned as a hash join over every PENDING
	// row, read through the pending-only index that looks tiny on a table never analyzed: 98,000 rows read at 100,000
	// to touch 4,900. The caller's tables are read first (their condition is why they are joined), then the scheduled
	// rows of each through a LATERAL sub-select on the join conditions, which can only run per outer row and so finds
	// them by the join column's index. OFFSET 0 keeps PostgreSQL from flattening it back into a join of its choosing,
	// and keeps the status check outside it: inside, the status implied the pending index's predicate, and that index
	// was read whole for every purchase. The conditions are repeated outside so that several joined tables are joined
	// by them rather than crossed. A join column without an index is read whole per outer row: index it.
	private static final String JOINED_TABLES_FIRST = """
			FROM %2$s CROSS JOIN LATERAL (SELECT * FROM %1$s e WHERE %3$s OFFSET 0) e \
			WHERE %3$s AND e.status IN (:awtyStatuses)""";

	// A data-modifying WITH: the insert reads exactly the rows the update returned. Finding them again afterwards meant
	// a second pass through the caller's join in any status, which no index serves on a table without statistics.
	private static final String INSERT_FROM_UPDATE = "WITH awty_changed AS (%1$s RETURNING %2$s) %3$s";

	// Instances starting at once on an empty schema would race on Liquibase's own changelog tables, which are created
	// before Liquibase's lock table can protect anything. The key is per schema: replicas of other services sharing
	// the database do not wait for each other. Held by the transaction, never by the session: behind PgBouncer in
	// transaction pooling mode the statement releasing a session-level lock ran on another server connection, and the
	// lock stayed on the pooled one for every later start to wait on. The key is the one earlier versions took with
	// pg_advisory_lock, so that instances of both still take turns. The application name shows the holder to waiters.
	private static final String TRY_LOCK_SCHEMA_INITIALIZATION = """
			SELECT pg_try_advisory_xact_lock(hashtext('awty_schema_initialization:' || current_schema())),
			       set_config('application_name', :holder, true)
			""";

	// A bigint advisory key is shown in pg_locks as its high half in classid and its low half in objid.
	private static final String SCHEMA_INITIALIZATION_HOLDERS = """
			SELECT format('PostgreSQL process %s (application_name ''%s'', client %s, %s since %s)', a.pid,
			              a.application_name, COALESCE(host(a.client_addr), 'local'),
			              CASE WHEN a.xact_start IS NULL THEN 'session-level lock, connected' ELSE 'in a transaction' END,
			              COALESCE(a.xact_start, a.backend_start))
			FROM pg_locks l
			JOIN pg_stat_activity a ON a.pid = l.pid
			CROSS JOIN (SELECT hashtext('awty_schema_initialization:' || current_schema())::bigint AS key) k
			WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
			  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
			  AND l.classid = ((k.key >> 32) & 4294967295)::oid AND l.objid = (k.key & 4294967295)::oid
			""";

	// A table analyzed while empty (a new service's first minute) or loaded since: the planner expected a few pending
	// rows and used the pending-only index whole, dead entries of every row delivered since included (a bitmap scan
	// never marks them dead): the claim read and sorted all of it, and a mark of 100 rows ANDed it with the primary key
	// (50,192 entries read for 100 rows). On a table never analyzed, a mark read the whole table. With these off for
	// the transaction, a claim walks the index in due order and stops at its limit, and a mark reads by primary key.
	// A plan that still needs a disabled node (a table without the due-order index) is costed at 10^10 and more, past
	// jit_above_cost: PostgreSQL then compiled every claim, some 250 ms each, so JIT is off with them.
	private static final String INDEX_PLANNING = """
			SELECT set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true),
			       set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)""";

	// The index planning and, for a write of outcomes, how long its statements wait for a row lock: in the same
	// statement, so that the bound costs no round trip of its own. Ends with the transaction.
	private static final String WRITE_PLANNING = INDEX_PLANNING + ", set_config('lock_timeout', '%1$d', true)";

	// The index planning and, for a batch held in its transaction, the bound of that transaction left idle (see
	// heldBatchPlanning): one statement, no round trip of its own.
	private static final String HELD_BATCH_PLANNING = INDEX_PLANNING
			+ ", set_config('idle_in_transaction_session_timeout', '%1$d', true)";

	private static final Pattern TRANSACTION_NOW = Pattern.compile("CURRENT_TIMESTAMP");

	// Both end with the transaction. A session left idle in its transaction (its client frozen, or cut off by the
	// network) is ended by the server after the bound, and its locks with it; without this, PostgreSQL keeps it until
	// TCP keepalive notices, two hours by the operating system's default.
	private static final String LOCK_TIMEOUT = "SET LOCAL lock_timeout = %1$d";

	private static final String IDLE_IN_TRANSACTION_TIMEOUT = "SET LOCAL idle_in_transaction_session_timeout = %1$d";

	// One statement for a flush's entries, however many: rows of VALUES took four statements per 100 entries, each
	// binding 13 parameters per entry.
	private static final String HISTORY_FROM_ARRAYS = """
			SELECT event_type, row_id, schedule_id, schedule_version, event_id,
			       TIMESTAMPTZ 'epoch' + due_at * INTERVAL '1 microsecond', CURRENT_TIMESTAMP,
			       attempts, check_count, outcome, error, duration_ms, instance_id
			FROM unnest(?::text[], ?::bigint[], ?::text[], ?::bigint[], ?::text[], ?::bigint[], ?::int[], ?::int[],
			            ?::text[], ?::text[], ?::bigint[], ?::text[])
			     AS entry(event_type, row_id, schedule_id, schedule_version, event_id, due_at, attempts, check_count,
			              outcome, error, duration_ms, instance_id)
			""";

	// the claim of schedules reads clock_timestamp(), every other statement CURRENT_TIMESTAMP
	private static final Pattern NOW = Pattern.compile("CURRENT_TIMESTAMP|clock_timestamp\\(\\)|statement_timestamp\\(\\)");

	private static final String NOW_PLUS = "(%s + (%s) * INTERVAL '1 millisecond')";

	private static final String DUE_FLOOR = " AND due_at >= " + NOW_PLUS.formatted("CURRENT_TIMESTAMP", "-:floorAgoMillis");

	private static final String PENDING_INDEX = "CREATE INDEX %1$s_pending_due ON %1$s (due_at) WHERE status = 'PENDING'";

	@Override
	public String name() {
		return "postgresql";
	}

	@Override
	public ClaimStatement claimDueRows() {
		return ClaimStatement.returning(CLAIM_DUE_ROWS);
	}

	@Override
	public String lockDueRows() {
		return LOCK_DUE_ROWS;
	}

	@Override
	public String dueFloor() {
		return DUE_FLOOR;
	}

	@Override
	public ClaimStatement claimDueRowsOnePerKey() {
		return ClaimStatement.returning(CLAIM_DUE_ROWS_ONE_PER_KEY);
	}

	@Override
	public ClaimStatement claimDueSchedules() {
		return ClaimStatement.returning(CLAIM_DUE_SCHEDULES);
	}

	@Override
	public String extendLeases() {
		return EXTEND_LEASES;
	}

	@Override
	public String recordFailedAttempt() {
		return RECORD_FAILED_ATTEMPT;
	}

	@Override
	public String notifyDue() {
		return NOTIFY_DUE;
	}

	@Override
	public String listenDue() {
		return LISTEN_DUE;
	}

	@Override
	public String idInSubSelect() {
		return ID_IN_SUB_SELECT;
	}

	@Override
	public boolean deletesByIdSubSelect() {
		return true;
	}

	@Override
	public String shiftPendingRows() {
		return SHIFT_PENDING_ROWS;
	}

	@Override
	public String joinedTablesFirst() {
		return JOINED_TABLES_FIRST;
	}

	@Override
	public String insertFromUpdate() {
		return INSERT_FROM_UPDATE;
	}

	@Override
	public String insertIgnoringDuplicates() {
		// No error on a duplicate key: an error would abort the caller's whole transaction on PostgreSQL.
		return " ON CONFLICT DO NOTHING";
	}

	@Override
	public SchemaInitializationLock schemaInitializationLock() {
		return new SchemaInitializationLock(TRY_LOCK_SCHEMA_INITIALIZATION, null, SCHEMA_INITIALIZATION_HOLDERS);
	}

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
	public String atStatementTime(String statement) {
		return TRANSACTION_NOW.matcher(statement).replaceAll("statement_timestamp()");
	}

	@Override
	public List<String> boundTransaction() {
		return List.of(LOCK_TIMEOUT, IDLE_IN_TRANSACTION_TIMEOUT);
	}

	@Override
	public DailyHistoryPartitions dailyHistoryPartitions() {
		return PostgresHistoryPartitions.STATEMENTS;
	}

	// One array parameter: one statement text, prepared once per connection, for any number of ids. With one parameter
	// per id, every count of ids was a statement of its own, parsed and planned again at each of its first uses.
	@Override
	public String idInList() {
		return "id = ANY (:ids)";
	}

	@Override
	public Object idsValue(Collection<Long> ids) {
		return ids.toArray(Long[]::new);
	}

	@Override
	public String historyEntriesFromArrays() {
		return HISTORY_FROM_ARRAYS;
	}

	@Override
	public String pendingIndex(String table) {
		return PENDING_INDEX.formatted(table);
	}

	@Override
	public String tableStorage(String table) {
		return PostgresTableStorage.statement(table);
	}

	@Override
	public String tableStorageMissing() {
		return PostgresTableStorage.MISSING;
	}

	@Override
	public String shiftNow(String statement, String offsetMillis) {
		return NOW.matcher(statement)
			.replaceAll((now) -> Matcher.quoteReplacement(NOW_PLUS.formatted(now.group(), offsetMillis)));
	}

	@Override
	public boolean isTimestampWithTimeZone(int jdbcType, String typeName) {
		return "timestamptz".equalsIgnoreCase(typeName) || jdbcType == Types.TIMESTAMP_WITH_TIMEZONE;
	}

}
