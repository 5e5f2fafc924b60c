package dev.awty.internal.model;

import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import javax.sql.DataSource;

import dev.awty.AwtyConfigurationException;
import dev.awty.ScheduledTableException;
import dev.awty.spi.SqlDialect;

/**
 * Checks at start-up that a type's table exists with every base column of a compatible type and every column
 * of the class's own fields; on a mismatch, throws with the changeSet that fixes it. A table without the storage
 * settings recommended for it gets them in the log ({@link TableStorageHint}). awty's own tables are checked by
 * {@link StarterTables}, through this class.
 */
public final class SchemaValidator {

	private static final Set<Integer> INTEGER_TYPES = Set.of(Types.BIGINT, Types.INTEGER, Types.SMALLINT, Types.NUMERIC,
			Types.DECIMAL);

	private static final Set<Integer> TEXT_TYPES = Set.of(Types.VARCHAR, Types.CHAR, Types.LONGVARCHAR, Types.CLOB,
			Types.NVARCHAR, Types.NCHAR, Types.LONGNVARCHAR, Types.NCLOB);

	/** The length of a W3C {@code traceparent} of version 00. */
	private static final int TRACE_PARENT_LENGTH = 55;

	private final TableColumns tables;

	private final SqlDialect dialect;

	private final ChangeSetSql sql;

	private final TableStorageHint storageHint;

	private final StarterTables starterTables;

	public SchemaValidator(DataSource dataSource, SqlDialect dialect) {
		this.tables = new TableColumns(dataSource);
		this.dialect = dialect;
		this.sql = new ChangeSetSql(dialect);
		this.storageHint = new TableStorageHint(dataSource, dialect);
		this.starterTables = new StarterTables(this.tables, this.sql);
	}

	public void validate(EventType<?> type) {
		Map<String, TableColumns.Column> columns = this.tables.columns(type.table());
		ChangeSetWriter changeSet = new ChangeSetWriter(type, this.dialect);
		if (columns.isEmpty()) {
			throw tableException(type, List.of("table '" + type.table() + "' does not exist"), changeSet.createTable());
		}
		List<String> problems = new ArrayList<>();
		List<BaseColumn> missingBase = new ArrayList<>();
		List<BaseColumn> wrongType = new ArrayList<>();
		for (BaseColumn base : BaseColumn.values()) {
			TableColumns.Column column = columns.get(base.column());
			if (column == null) {
				missingBase.add(base);
				problems.add("column '" + base.column() + "' is missing");
			}
			else if (!compatible(base.kind(), column)) {
				wrongType.add(base);
				problems.add("column '" + base.column() + "' has type " + column.typeName() + " but needs "
						+ ChangeSetWriter.typeOf(base, this.dialect));
			}
		}
		List<PropertyColumn> missingOwn = new ArrayList<>();
		for (PropertyColumn property : type.ownColumns()) {
			if (!columns.containsKey(property.column())) {
				missingOwn.add(property);
				problems.add("column '" + property.column() + "' for field " + property.field().getName() + " is missing");
			}
		}
		if (!problems.isEmpty()) {
			throw tableException(type, problems, changeSet.fixColumns(missingBase, wrongType, missingOwn));
		}
		this.storageHint.check(type.table());
	}

	/**
	 * The length of the type's {@code last_error} column, at most {@code defaultLength}: the application may have
	 * made it shorter than the texts awty records. {@code defaultLength} when the column cannot be read.
	 */
	public int lastErrorLength(EventType<?> type, int defaultLength) {
		TableColumns.Column column = this.tables.columns(type.table()).get(BaseColumn.LAST_ERROR.column());
		return (column != null && column.size() > 0) ? Math.min(column.size(), defaultLength) : defaultLength;
	}

	/**
	 * Whether the type's table has the optional {@code trace_parent} column, checked to hold a W3C
	 * {@code traceparent} (text of at least 55 characters).
	 * @throws ScheduledTableException when the column exists with another type or too short, with the changeSet
	 * that adds it as expected
	 */
	public boolean hasTraceColumn(EventType<?> type) {
		TableColumns.Column column = this.tables.columns(type.table()).get(EntityMapper.TRACE_PARENT);
		if (column == null) {
			return false;
		}
		if (!compatible(BaseColumn.Kind.TEXT, column) || (column.size() > 0 && column.size() < TRACE_PARENT_LENGTH)) {
			throw tableException(type, List.of("column '" + EntityMapper.TRACE_PARENT + "' has type "
					+ column.typeName() + "(" + column.size() + ") but needs VARCHAR(64), for a W3C traceparent; drop it "
					+ "and add it again"), traceColumnChangeSet(type));
		}
		return true;
	}

	/** The changeSet that adds the optional {@code trace_parent} column to the type's table. */
	public String traceColumnChangeSet(EventType<?> type) {
		return new ChangeSetWriter(type, this.dialect).traceColumn();
	}

	/**
	 * Checks that a type whose handler may check again has the check columns {@code first_check_at} and
	 * {@code check_count}; throws with the changeSet that adds the missing ones.
	 */
	public void requireCheckColumns(EventType<?> type, String handlerBean) {
		Map<String, TableColumns.Column> columns = this.tables.columns(type.table());
		List<String> problems = new ArrayList<>();
		boolean firstCheckAt = columns.containsKey("first_check_at");
		boolean checkCount = columns.containsKey("check_count");
		if (!firstCheckAt) {
			problems.add("column 'first_check_at' is missing, needed because handler bean '" + handlerBean
					+ "' may check again");
		}
		if (!checkCount) {
			problems.add("column 'check_count' is missing, needed because handler bean '" + handlerBean
					+ "' may check again");
		}
		if (!problems.isEmpty()) {
			throw tableException(type, problems,
					new ChangeSetWriter(type, this.dialect).checkColumns(!firstCheckAt, !checkCount));
		}
	}

	/**
	 * Checks that the history table {@code awty_delivery_log} exists, with the columns {@code schedule_id} and
	 * {@code schedule_version} that every entry is written with.
	 * @throws AwtyConfigurationException with the changeSets from awty's changelog that create or complete it
	 */
	public void requireHistoryTable() {
		this.starterTables.requireHistoryTable();
	}

	/**
	 * Checks that the table {@code awty_schedule_version}, which every create and change of a recurring schedule
	 * writes, exists beside {@code awty_schedule}. Without {@code awty_schedule} there is nothing to check: an
	 * application that keeps its schema itself and never added the recurring tables starts as before.
	 * @throws AwtyConfigurationException with the changeSet from awty's changelog that creates it
	 */
	public void requireScheduleVersionTable() {
		this.starterTables.requireScheduleVersionTable();
	}

	/**
	 * Checks that the table {@code awty_type_limit}, which the claims of a type with limits lock and update, exists.
	 * @param property the property that set the limit, named in the message
	 * @throws AwtyConfigurationException with the changeSet from awty's changelog that creates it
	 */
	public void requireLimitTable(String property) {
		this.starterTables.requireLimitTable(property);
	}

	/**
	 * Checks that the table {@code awty_type_pause}, which every poll loop reads for the types an operator paused,
	 * exists.
	 * @throws AwtyConfigurationException with the changeSet from awty's changelog that creates it
	 */
	public void requirePauseTable() {
		this.starterTables.requirePauseTable();
	}

	/**
	 * Checks that the table {@code awty_audit}, which every operator action (a pause, a retry, a change of a schedule)
	 * writes an entry to in its transaction, exists.
	 * @throws AwtyConfigurationException with the changeSet from awty's changelog that creates it
	 */
	public void requireAuditTable() {
		this.starterTables.requireAuditTable();
	}

	private ScheduledTableException tableException(EventType<?> type, List<String> problems, String changeSet) {
		return new ScheduledTableException(type.name(), type.table(), problems, changeSet, this.sql.of(changeSet));
	}

	/**
	 * Checks that the ShedLock table behind leader locks exists.
	 * @throws AwtyConfigurationException with the changeSet that creates it
	 */
	public void requireLockTable(String table) {
		this.starterTables.requireLockTable(table);
	}

	private boolean compatible(BaseColumn.Kind kind, TableColumns.Column column) {
		return switch (kind) {
			case INTEGER -> INTEGER_TYPES.contains(column.jdbcType());
			case TEXT -> TEXT_TYPES.contains(column.jdbcType())
					|| column.typeName().toLowerCase(Locale.ROOT).contains("char")
					|| column.typeName().equalsIgnoreCase("text");
			case TIMESTAMP -> this.dialect.isTimestampWithTimeZone(column.jdbcType(), column.typeName());
		};
	}

}
