package dev.awty.dialect;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

import dev.awty.spi.ClaimStatement;
import dev.awty.spi.DialectPlanning;
import dev.awty.spi.DialectSchema;
import dev.awty.spi.DialectSelections;
import dev.awty.spi.SqlDialect;

/**
 * The SQL that MySQL 8 and MariaDB 10.6+ share. Neither has {@code UPDATE … RETURNING}, so a claim is three
 * statements in one transaction: select the ids {@code FOR UPDATE SKIP LOCKED}, claim them, read them back.
 * <p>
 * Timestamps are {@code DATETIME(6)} holding UTC, and "now" is {@code UTC_TIMESTAMP(6)}: unlike
 * {@code TIMESTAMP} this does not depend on the session time zone (nor on how the driver converts zones, since
 * values are bound and read as UTC wall-clock times), has no daylight-saving hour that repeats, and reaches
 * beyond 2038.
 * <p>
 * The statements for tables are {@code MySqlFamilySchema}'s, shared; each database gives its selections (the
 * shared {@code MySqlFamilySelections}, with its own way to read joined tables first or none) and its bounds of a
 * limited type's turn ({@code MySqlFamilyPlanning} over its own session settings).
 */
abstract sealed class MySqlFamilyDialect implements SqlDialect permits MariaDbDialect, MySqlDialect {

	private static final String NOW = "UTC_TIMESTAMP(6)";

	private static final Pattern SHIFTED_NOW = Pattern.compile(Pattern.quote(NOW));

	private static final String NOW_PLUS = "TIMESTAMPADD(MICROSECOND, (%s) * 1000, " + NOW + ")";

	/** The due rows' ids, {@code {floor}} where a lock of held rows puts its {@code %3$s}. */
	private static final String DUE_IDS = """
			SELECT id FROM %1$s
			WHERE status = 'PENDING' AND due_at <= TIMESTAMPADD(MICROSECOND, :aheadMillis * 1000, UTC_TIMESTAMP(6)){floor}
			  AND (claimed_until IS NULL OR claimed_until < UTC_TIMESTAMP(6))
			ORDER BY %2$s
			LIMIT :limit
			FOR UPDATE SKIP LOCKED
			""";

	private static final String SELECT_DUE_IDS = DUE_IDS.replace("{floor}", "");

	private static final String LOCK_DUE_IDS = DUE_IDS.replace("{floor}", "%3$s");

	private static final String DUE_FLOOR = " AND due_at >= " + NOW_PLUS.formatted("-:floorAgoMillis");

	private static final String READ_LOCKED_ROWS = """
			SELECT held.*, UTC_TIMESTAMP(6) AS awty_claimed_at FROM %1$s held WHERE id IN (:ids)
			""";

	private static final String SELECT_DUE_IDS_ONE_PER_KEY = """
			SELECT id FROM %1$s c
			WHERE status = 'PENDING' AND due_at <= TIMESTAMPADD(MICROSECOND, :aheadMillis * 1000, UTC_TIMESTAMP(6))
			  AND (claimed_until IS NULL OR claimed_until < UTC_TIMESTAMP(6))
			  AND NOT EXISTS (SELECT 1 FROM %1$s k
			      WHERE k.%3$s = c.%3$s AND k.status = 'PENDING' AND k.id <> c.id
			        AND (k.claimed_until >= UTC_TIMESTAMP(6)
			             OR (k.due_at <= TIMESTAMPADD(MICROSECOND, :aheadMillis * 1000, UTC_TIMESTAMP(6))
			                 AND (k.due_at < c.due_at OR (k.due_at = c.due_at AND k.id < c.id)))))
			ORDER BY %2$s
			LIMIT :limit
			FOR UPDATE SKIP LOCKED
			""";

	private static final String SELECT_DUE_SCHEDULE_IDS = """
			SELECT id FROM %1$s
			WHERE enabled = TRUE AND next_fire_at <= TIMESTAMPADD(MICROSECOND, :aheadMillis * 1000, UTC_TIMESTAMP(6))
			  AND (claimed_until IS NULL OR claimed_until < UTC_TIMESTAMP(6))
			ORDER BY next_fire_at
			LIMIT :limit
			FOR UPDATE SKIP LOCKED
			""";

	private static final String CLAIM_SELECTED_ROWS = """
			UPDATE %1$s SET claimed_by = :claimer,
			       claimed_until = TIMESTAMPADD(MICROSECOND, :leaseMillis * 1000, UTC_TIMESTAMP(6))
			WHERE id IN (:ids)
			""";

	private static final String EXTEND_LEASES = """
			UPDATE %1$s SET claimed_until = TIMESTAMPADD(MICROSECOND, :leaseMillis * 1000, UTC_TIMESTAMP(6))
			WHERE id IN (:ids) AND claimed_by IN (:claimers)
			""";

	// Both databases assign left to right, each assignment seeing the ones before it: attempts goes last.
	private static final String RECORD_FAILED_ATTEMPT = """
			UPDATE %1$s SET last_error = :error,
			       status = CASE WHEN attempts + 1 >= :maxAttempts THEN 'FAILED' ELSE 'PENDING' END,
			       due_at = CASE WHEN attempts + 1 >= :maxAttempts THEN due_at
			                     ELSE TIMESTAMPADD(MICROSECOND, :backoffMillis * 1000, UTC_TIMESTAMP(6)) END,
			       claimed_by = NULL, claimed_until = NULL,
			       attempts = attempts + 1
			WHERE id = :id AND claimed_by = :claimer AND status = 'PENDING'
			""";

	private static final String SHIFT_PENDING_ROWS = """
			UPDATE %1$s SET due_at = TIMESTAMPADD(MICROSECOND, :awtyMicros, due_at), version = version + 1,
			       claimed_by = NULL
			WHERE %3$s AND status = 'PENDING' AND (claimed_until IS NULL OR claimed_until < UTC_TIMESTAMP(6))
			""";

	private static final DialectSchema SCHEMA = new MySqlFamilySchema();

	private final DialectSelections selections;

	private final DialectPlanning planning;

	MySqlFamilyDialect(DialectSelections selections, DialectPlanning planning) {
		this.selections = selections;
		this.planning = planning;
	}

	@Override
	public final DialectSchema schema() {
		return SCHEMA;
	}

	@Override
	public final DialectSelections selections() {
		return this.selections;
	}

	@Override
	public final DialectPlanning planning() {
		return this.planning;
	}

	@Override
	public ClaimStatement claimDueRows() {
		return ClaimStatement.selectThenUpdate(SELECT_DUE_IDS, CLAIM_SELECTED_ROWS);
	}

	@Override
	public String lockDueRows() {
		return LOCK_DUE_IDS;
	}

	@Override
	public String dueFloor() {
		return DUE_FLOOR;
	}

	@Override
	public String readLockedRows() {
		return READ_LOCKED_ROWS;
	}

	@Override
	public ClaimStatement claimDueRowsOnePerKey() {
		return ClaimStatement.selectThenUpdate(SELECT_DUE_IDS_ONE_PER_KEY, CLAIM_SELECTED_ROWS);
	}

	@Override
	public ClaimStatement claimDueSchedules() {
		return ClaimStatement.selectThenUpdate(SELECT_DUE_SCHEDULE_IDS, CLAIM_SELECTED_ROWS);
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
	public String withDatabaseNow(String portableStatement) {
		return portableStatement.replace("CURRENT_TIMESTAMP", NOW);
	}

	@Override
	public String shiftNow(String statement, String offsetMillis) {
		return SHIFTED_NOW.matcher(statement).replaceAll(Matcher.quoteReplacement(NOW_PLUS.formatted(offsetMillis)));
	}

	/** {@code DATETIME} holding UTC; {@code TIMESTAMP} is refused, it converts through the session time zone. */
	@Override
	public boolean isTimestampWithTimeZone(int jdbcType, String typeName) {
		return jdbcType == Types.TIMESTAMP && typeName.toUpperCase(Locale.ROOT).startsWith("DATETIME");
	}

	@Override
	public String timestampType() {
		return "DATETIME(6)";
	}

	@Override
	public Object timestampParameter(Instant instant) {
		return LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
	}

	@Override
	public @Nullable Instant readTimestamp(ResultSet rs, int column) throws SQLException {
		LocalDateTime value = rs.getObject(column, LocalDateTime.class);
		return (value != null) ? value.toInstant(ZoneOffset.UTC) : null;
	}

}
