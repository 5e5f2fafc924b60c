package dev.awty.test;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;

import org.jspecify.annotations.Nullable;

import dev.awty.spi.ClaimStatement;
import dev.awty.spi.DailyHistoryPartitions;
import dev.awty.spi.DialectPlanning;
import dev.awty.spi.DialectSchema;
import dev.awty.spi.DialectSelections;
import dev.awty.spi.DialectWakeUps;
import dev.awty.spi.SqlDialect;

/**
 * A dialect whose "now" is the database's clock plus an offset, for tests that move time forward
 * ({@link AwtyTestAutoConfiguration} wraps the application's dialect in one). Every statement of the wrapped dialect
 * that says "now", its own and the portable ones it adapts in {@link #withDatabaseNow}, says "now plus
 * {@code offsetMillis}" instead ({@link NowShift}); everything else is the wrapped dialect's. The offset is an SQL
 * expression (a scalar sub-select of a one-row table, say), so statements built once at start-up follow it as it
 * changes.
 * <p>
 * Only the kit creates one, and only through the public SPI: without the kit awty's statements are the dialect's own,
 * unchanged.
 */
final class ShiftedNowDialect implements SqlDialect {

	private final SqlDialect dialect;

	private final NowShift now;

	/**
	 * @param dialect the dialect to shift
	 * @param offsetMillis an SQL expression of the milliseconds to add to the database's clock
	 * @throws IllegalArgumentException if an argument is null or blank, or the dialect cannot shift its "now"
	 */
	ShiftedNowDialect(SqlDialect dialect, String offsetMillis) {
		this.now = new NowShift(dialect, offsetMillis);
		this.dialect = dialect;
	}

	@Override
	public String name() {
		return this.dialect.name();
	}

	// Tables, wake-ups and planning say no "now": the wrapped dialect's, unchanged.
	@Override
	public DialectSchema schema() {
		return this.dialect.schema();
	}

	@Override
	public DialectWakeUps wakeUps() {
		return this.dialect.wakeUps();
	}

	@Override
	public DialectPlanning planning() {
		return this.dialect.planning();
	}

	@Override
	public DialectSelections selections() {
		return new ShiftedSelections(this.dialect.selections(), this.now);
	}

	@Override
	public ClaimStatement claimDueRows() {
		return this.now.shift(this.dialect.claimDueRows());
	}

	@Override
	public @Nullable String lockDueRows() {
		return this.now.shiftNullable(this.dialect.lockDueRows());
	}

	@Override
	public @Nullable String dueFloor() {
		return this.now.shiftNullable(this.dialect.dueFloor());
	}

	@Override
	public String atStatementTime(String statement) {
		return this.dialect.atStatementTime(statement);
	}

	@Override
	public @Nullable String readLockedRows() {
		return this.now.shiftNullable(this.dialect.readLockedRows());
	}

	@Override
	public @Nullable ClaimStatement claimDueRowsOnePerKey() {
		return this.now.shiftNullable(this.dialect.claimDueRowsOnePerKey());
	}

	@Override
	public ClaimStatement claimDueSchedules() {
		return this.now.shift(this.dialect.claimDueSchedules());
	}

	@Override
	public String extendLeases() {
		return this.now.shift(this.dialect.extendLeases());
	}

	@Override
	public String recordFailedAttempt() {
		return this.now.shift(this.dialect.recordFailedAttempt());
	}

	@Override
	public String shiftPendingRows() {
		return this.now.shift(this.dialect.shiftPendingRows());
	}

	@Override
	public boolean skipsLockedRows() {
		return this.dialect.skipsLockedRows();
	}

	@Override
	public String insertIgnoringDuplicates() {
		return this.dialect.insertIgnoringDuplicates();
	}

	@Override
	public String withDatabaseNow(String portableStatement) {
		return this.now.shift(this.dialect.withDatabaseNow(portableStatement));
	}

	@Override
	public String databaseClock() {
		return this.dialect.databaseClock();
	}

	@Override
	public @Nullable String shiftNow(String statement, String offsetMillis) {
		return this.dialect.shiftNow(statement, offsetMillis);
	}

	@Override
	public @Nullable DailyHistoryPartitions dailyHistoryPartitions() {
		return this.dialect.dailyHistoryPartitions();
	}

	@Override
	public String idInList() {
		return this.dialect.idInList();
	}

	@Override
	public Object idsValue(Collection<Long> ids) {
		return this.dialect.idsValue(ids);
	}

	@Override
	public @Nullable String historyEntriesFromArrays() {
		// its clock is shifted where it is used, by withDatabaseNow
		return this.dialect.historyEntriesFromArrays();
	}

	@Override
	public boolean isTimestampWithTimeZone(int jdbcType, String typeName) {
		return this.dialect.isTimestampWithTimeZone(jdbcType, typeName);
	}

	@Override
	public String timestampType() {
		return this.dialect.timestampType();
	}

	@Override
	public Object timestampParameter(Instant instant) {
		return this.dialect.timestampParameter(instant);
	}

	@Override
	public @Nullable Instant readTimestamp(ResultSet rs, String column) throws SQLException {
		return this.dialect.readTimestamp(rs, column);
	}

	@Override
	public @Nullable Instant readTimestamp(ResultSet rs, int column) throws SQLException {
		return this.dialect.readTimestamp(rs, column);
	}

	@Override
	public String toString() {
		return this.dialect.name() + " with its clock moved by " + this.now.offsetMillis();
	}

}
