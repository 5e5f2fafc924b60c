package dev.awty.dialect;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.awty.spi.ClaimStatement;
import dev.awty.spi.DailyHistoryPartitions;
import dev.awty.spi.SchemaInitializationLock;
import dev.awty.spi.SqlDialect;

/**
 * A dialect whose "now" is the database's clock plus an offset, for tests that move time forward ({@code awty-test}
 * wraps the application's dialect in one). Every statement of the wrapped dialect that says "now", its own and the
 * portable ones it adapts in {@link #withDatabaseNow}, says "now plus {@code offsetMillis}" instead, through the
 * dialect's {@link SqlDialect#shiftNow}; everything else is the wrapped dialect's. The offset is an SQL expression (a
 * scalar sub-select of a one-row table, say), so statements built once at start-up follow it as it changes.
 * <p>
 * Never used unless a test kit creates it: without it awty's statements are the dialect's own, unchanged.
 */
public final class ShiftedNowDialect implements SqlDialect {

	private final SqlDialect dialect;

	private final String offsetMillis;

	/**
	 * @param dialect the dialect to shift
	 * @param offsetMillis an SQL expression of the milliseconds to add to the database's clock
	 * @throws IllegalArgumentException if an argument is null or blank, or the dialect cannot shift its "now"
	 */
	public ShiftedNowDialect(SqlDialect dialect, String offsetMillis) {
		if (dialect == null || offsetMillis == null || offsetMillis.isBlank()) {
			throw new IllegalArgumentException("A ShiftedNowDialect needs the dialect to shift and an SQL expression of "
					+ "the milliseconds to add to its clock, got " + dialect + " and '" + offsetMillis + "'");
		}
		if (dialect.shiftNow("CURRENT_TIMESTAMP", offsetMillis) == null) {
			throw new IllegalArgumentException("The " + dialect.name() + " dialect (" + dialect.getClass().getName()
					+ ") cannot move its clock: implement SqlDialect.shiftNow, or test without the movable clock");
		}
		this.dialect = dialect;
		this.offsetMillis = offsetMillis;
	}

	/** The dialect whose "now" this one shifts. */
	public SqlDialect shifted() {
		return this.dialect;
	}

	private String shift(String statement) {
		String shifted = this.dialect.shiftNow(statement, this.offsetMillis);
		return (shifted != null) ? shifted : statement;
	}

	private @Nullable String shiftNullable(@Nullable String statement) {
		return (statement != null) ? shift(statement) : null;
	}

	private ClaimStatement shift(ClaimStatement statement) {
		if (statement instanceof ClaimStatement.SelectThenUpdate select) {
			return ClaimStatement.selectThenUpdate(shift(select.selectIds()), shift(select.claimSelected()));
		}
		return ClaimStatement.returning(shift(((ClaimStatement.Returning) statement).claim()));
	}

	@Override
	public String name() {
		return this.dialect.name();
	}

	@Override
	public ClaimStatement claimDueRows() {
		return shift(this.dialect.claimDueRows());
	}

	@Override
	public @Nullable String lockDueRows() {
		String statement = this.dialect.lockDueRows();
		return (statement != null) ? shift(statement) : null;
	}

	@Override
	public @Nullable String dueFloor() {
		return shiftNullable(this.dialect.dueFloor());
	}

	@Override
	public List<String> heldBatchPlanning(long idleMillis) {
		return this.dialect.heldBatchPlanning(idleMillis);
	}

	@Override
	public String atStatementTime(String statement) {
		return this.dialect.atStatementTime(statement);
	}

	@Override
	public @Nullable String readLockedRows() {
		String statement = this.dialect.readLockedRows();
		return (statement != null) ? shift(statement) : null;
	}

	@Override
	public @Nullable ClaimStatement claimDueRowsOnePerKey() {
		ClaimStatement statement = this.dialect.claimDueRowsOnePerKey();
		return (statement != null) ? shift(statement) : null;
	}

	@Override
	public ClaimStatement claimDueSchedules() {
		return shift(this.dialect.claimDueSchedules());
	}

	@Override
	public String extendLeases() {
		return shift(this.dialect.extendLeases());
	}

	@Override
	public String recordFailedAttempt() {
		return shift(this.dialect.recordFailedAttempt());
	}

	@Override
	public String shiftPendingRows() {
		return shift(this.dialect.shiftPendingRows());
	}

	@Override
	public String latestCommittedRead() {
		return this.dialect.latestCommittedRead();
	}

	@Override
	public String idInSubSelect() {
		return shift(this.dialect.idInSubSelect());
	}

	@Override
	public String selectedRows() {
		return shift(this.dialect.selectedRows());
	}

	@Override
	public @Nullable String joinedTablesFirst() {
		return shiftNullable(this.dialect.joinedTablesFirst());
	}

	@Override
	public String withJoinedTablesFirst() {
		return shift(this.dialect.withJoinedTablesFirst());
	}

	@Override
	public @Nullable String insertFromUpdate() {
		return shiftNullable(this.dialect.insertFromUpdate());
	}

	@Override
	public boolean deletesByIdSubSelect() {
		return this.dialect.deletesByIdSubSelect();
	}

	@Override
	public boolean skipsLockedRows() {
		return this.dialect.skipsLockedRows();
	}

	@Override
	public @Nullable String notifyDue() {
		return this.dialect.notifyDue();
	}

	@Override
	public @Nullable String listenDue() {
		return this.dialect.listenDue();
	}

	@Override
	public String insertIgnoringDuplicates() {
		return this.dialect.insertIgnoringDuplicates();
	}

	@Override
	public String withDatabaseNow(String portableStatement) {
		return shift(this.dialect.withDatabaseNow(portableStatement));
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
	public @Nullable SchemaInitializationLock schemaInitializationLock() {
		return this.dialect.schemaInitializationLock();
	}

	@Override
	public @Nullable DailyHistoryPartitions dailyHistoryPartitions() {
		return this.dialect.dailyHistoryPartitions();
	}

	@Override
	public List<String> boundTransaction() {
		return this.dialect.boundTransaction();
	}

	@Override
	public List<String> indexPlanning() {
		return this.dialect.indexPlanning();
	}

	@Override
	public List<String> writePlanning(long lockWaitMillis) {
		return this.dialect.writePlanning(lockWaitMillis);
	}

	@Override
	public List<String> unboundSession() {
		return this.dialect.unboundSession();
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
	public String pendingIndex(String table) {
		return this.dialect.pendingIndex(table);
	}

	@Override
	public @Nullable String tableStorage(String table) {
		return this.dialect.tableStorage(table);
	}

	@Override
	public @Nullable String tableStorageMissing() {
		return this.dialect.tableStorageMissing();
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
		return this.dialect.name() + " with its clock moved by " + this.offsetMillis;
	}

}
