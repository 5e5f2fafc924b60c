package dev.awty.dialect;

import java.sql.Types;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.awty.spi.ClaimStatement;
import dev.awty.spi.DialectSchema;
import dev.awty.spi.SqlDialect;

/**
 * H2 2.x, the embedded default: it has no {@code UPDATE … RETURNING}, so the claim reads the updated rows
 * through {@code SELECT … FROM FINAL TABLE (MERGE …)}. H2 applies a row limit before skipping locked rows and
 * concurrent merges can claim the same row, so claims on H2 run one at a time under the type's lock.
 * <p>
 * Even then, the merge's {@code USING} sub-select takes no row locks and can pick a row whose holder is marking it
 * delivered at that moment (it reads the row as claimable while that write commits), and {@code WHEN MATCHED}
 * would then claim it again once the write committed: the row is published twice. So every claim repeats its
 * conditions in {@code WHEN MATCHED}, which H2 evaluates on the row as it stands once the merge holds its lock.
 */
public final class H2Dialect implements SqlDialect {

	/** A row of an event type that may be claimed now: pending, due (claim-ahead included), under no lease. */
	private static final String ROW_CLAIMABLE = """
			{r}.status = 'PENDING' AND {r}.due_at <= DATEADD(MILLISECOND, :aheadMillis, CURRENT_TIMESTAMP)
			  AND ({r}.claimed_until IS NULL OR {r}.claimed_until < CURRENT_TIMESTAMP)""";

	/** A recurring schedule that may be claimed now: enabled, due (claim-ahead included), under no lease. */
	private static final String SCHEDULE_CLAIMABLE = """
			{r}.enabled = TRUE AND {r}.next_fire_at <= DATEADD(MILLISECOND, :aheadMillis, CURRENT_TIMESTAMP)
			  AND ({r}.claimed_until IS NULL OR {r}.claimed_until < CURRENT_TIMESTAMP)""";

	/** Not one of a key's later rows, nor of a key with a row in flight (claims take turns under the type's lock). */
	private static final String FIRST_FREE_OF_ITS_KEY = """
			 AND NOT EXISTS (SELECT 1 FROM %1$s k
			     WHERE k.%3$s = c.%3$s AND k.status = 'PENDING' AND k.id <> c.id
			       AND (k.claimed_until >= CURRENT_TIMESTAMP
			            OR (k.due_at <= DATEADD(MILLISECOND, :aheadMillis, CURRENT_TIMESTAMP)
			                AND (k.due_at < c.due_at OR (k.due_at = c.due_at AND k.id < c.id)))))""";

	private static final String CLAIM_DUE_ROWS = claim(ROW_CLAIMABLE, "", "%2$s");

	private static final String CLAIM_DUE_ROWS_ONE_PER_KEY = claim(ROW_CLAIMABLE, FIRST_FREE_OF_ITS_KEY, "%2$s");

	// H2 locks every row its condition matches, not only those within the limit, and a concurrent lock skips them
	// all: batches of a type held in transactions on H2 are held one at a time (see skipsLockedRows()).
	private static final String LOCK_DUE_ROWS = "SELECT held.*, CURRENT_TIMESTAMP AS awty_claimed_at FROM %1$s held\n"
			+ "WHERE " + ROW_CLAIMABLE.replace("{r}", "held") + "%3$s\n"
			+ "ORDER BY %2$s\n"
			+ "FETCH FIRST :limit ROWS ONLY FOR UPDATE SKIP LOCKED\n";

	private static final String CLAIM_DUE_SCHEDULES = claim(SCHEDULE_CLAIMABLE, "", "next_fire_at");

	private static final String EXTEND_LEASES = """
			UPDATE %1$s SET claimed_until = DATEADD(MILLISECOND, :leaseMillis, CURRENT_TIMESTAMP)
			WHERE id IN (:ids) AND claimed_by IN (:claimers)
			""";

	private static final String RECORD_FAILED_ATTEMPT = """
			UPDATE %1$s SET attempts = attempts + 1, last_error = :error,
			       status = CASE WHEN attempts + 1 >= :maxAttempts THEN 'FAILED' ELSE 'PENDING' END,
			       due_at = CASE WHEN attempts + 1 >= :maxAttempts THEN due_at
			                     ELSE DATEADD(MILLISECOND, :backoffMillis, CURRENT_TIMESTAMP) END,
			       claimed_by = NULL, claimed_until = NULL
			WHERE id = :id AND claimed_by = :claimer AND status = 'PENDING'
			""";

	private static final String SHIFT_PENDING_ROWS = """
			UPDATE %1$s SET due_at = DATEADD(MICROSECOND, :awtyMicros, due_at), version = version + 1, claimed_by = NULL
			WHERE id IN (%2$s) AND status = 'PENDING' AND (claimed_until IS NULL OR claimed_until < CURRENT_TIMESTAMP)
			""";

	private static final Pattern NOW = Pattern.compile("CURRENT_TIMESTAMP");

	private static final String NOW_PLUS = "DATEADD(MILLISECOND, (%s), CURRENT_TIMESTAMP)";

	private static final String DUE_FLOOR = " AND held.due_at >= " + NOW_PLUS.formatted("-:floorAgoMillis");

	private static final String PENDING_INDEX = "CREATE INDEX %1$s_pending_due ON %1$s (status, due_at)";

	// The pending index only: no storage settings, and no initialization lock (a failed initialization is retried).
	private static final DialectSchema SCHEMA = (table) -> PENDING_INDEX.formatted(table);

	@Override
	public String name() {
		return "h2";
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
	public boolean skipsLockedRows() {
		return false;
	}

	@Override
	public String shiftPendingRows() {
		return SHIFT_PENDING_ROWS;
	}

	@Override
	public DialectSchema schema() {
		return SCHEMA;
	}

	@Override
	public String shiftNow(String statement, String offsetMillis) {
		return NOW.matcher(statement).replaceAll(Matcher.quoteReplacement(NOW_PLUS.formatted(offsetMillis)));
	}

	@Override
	public boolean isTimestampWithTimeZone(int jdbcType, String typeName) {
		return jdbcType == Types.TIMESTAMP_WITH_TIMEZONE || typeName.toUpperCase().contains("WITH TIME ZONE");
	}

	/**
	 * A claim of the {@code claimable} rows ({@code alsoWhere} narrowing them) in {@code order}: H2 re-runs an
	 * {@code IN (sub-select)} for every candidate row, while {@code MERGE … USING} evaluates it once; {@code WHEN
	 * MATCHED} asks again on the row the merge has locked (see the class comment).
	 */
	private static String claim(String claimable, String alsoWhere, String order) {
		return "SELECT claimed.*, CURRENT_TIMESTAMP AS awty_claimed_at FROM FINAL TABLE (\n"
				+ "    MERGE INTO %1$s target\n"
				+ "    USING (SELECT id FROM %1$s c\n"
				+ "           WHERE " + claimable.replace("{r}", "c") + alsoWhere + "\n"
				+ "           ORDER BY " + order + "\n"
				+ "           FETCH FIRST :limit ROWS ONLY) due ON target.id = due.id\n"
				+ "    WHEN MATCHED AND " + claimable.replace("{r}", "target") + "\n"
				+ "         THEN UPDATE SET claimed_by = :claimer,\n"
				+ "         claimed_until = DATEADD(MILLISECOND, :leaseMillis, CURRENT_TIMESTAMP)) claimed\n";
	}

}
