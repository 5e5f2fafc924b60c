package dev.awty.dialect;

import java.sql.Types;
import java.util.Collection;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.awty.spi.ClaimStatement;
import dev.awty.spi.DailyHistoryPartitions;
import dev.awty.spi.DialectPlanning;
import dev.awty.spi.DialectSchema;
import dev.awty.spi.DialectSelections;
import dev.awty.spi.DialectWakeUps;
import dev.awty.spi.SqlDialect;

/**
 * PostgreSQL: claims with {@code UPDATE … RETURNING} over a {@code FOR UPDATE SKIP LOCKED} sub-select whose ids
 * are looked up by primary key. The statements of its roles are in classes of their own: {@code PostgresSchema},
 * {@code PostgresWakeUps}, {@code PostgresPlanning}, {@code PostgresSelections} and {@code PostgresHistoryPartitions}.
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

	private static final String SHIFT_PENDING_ROWS = """
			UPDATE %1$s SET due_at = due_at + :awtyMicros * INTERVAL '1 microsecond', version = version + 1, claimed_by = NULL
			WHERE id = ANY (ARRAY(%2$s)) AND RTRIM(CONCAT(status, '')) = 'PENDING' AND (claimed_until IS NULL OR claimed_until < CURRENT_TIMESTAMP)
			""";

	private static final Pattern TRANSACTION_NOW = Pattern.compile("CURRENT_TIMESTAMP");

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

	private static final DialectSchema SCHEMA = new PostgresSchema();

	private static final DialectWakeUps WAKE_UPS = new PostgresWakeUps();

	private static final DialectPlanning PLANNING = new PostgresPlanning();

	private static final DialectSelections SELECTIONS = new PostgresSelections();

	@Override
	public String name() {
		return "postgresql";
	}

	@Override
	public DialectSchema schema() {
		return SCHEMA;
	}

	@Override
	public DialectWakeUps wakeUps() {
		return WAKE_UPS;
	}

	@Override
	public DialectPlanning planning() {
		return PLANNING;
	}

	@Override
	public DialectSelections selections() {
		return SELECTIONS;
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
	public String shiftPendingRows() {
		return SHIFT_PENDING_ROWS;
	}

	@Override
	public String insertIgnoringDuplicates() {
		// No error on a duplicate key: an error would abort the caller's whole transaction on PostgreSQL.
		return " ON CONFLICT DO NOTHING";
	}

	@Override
	public String atStatementTime(String statement) {
		return TRANSACTION_NOW.matcher(statement).replaceAll("statement_timestamp()");
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
	public String shiftNow(String statement, String offsetMillis) {
		return NOW.matcher(statement)
			.replaceAll((now) -> Matcher.quoteReplacement(NOW_PLUS.formatted(now.group(), offsetMillis)));
	}

	@Override
	public boolean isTimestampWithTimeZone(int jdbcType, String typeName) {
		return "timestamptz".equalsIgnoreCase(typeName) || jdbcType == Types.TIMESTAMP_WITH_TIMEZONE;
	}

}
