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
 * settings recommended for it gets them in the log ({@link TableStorageHint}).
 */
public final class SchemaValidator {

	private static final Set<Integer> INTEGER_TYPES = Set.of(Types.BIGINT, Types.INTEGER, Types.SMALLINT, Types.NUMERIC,
			Types.DECIMAL);

	private static final Set<Integer> TEXT_TYPES = Set.of(Types.VARCHAR, Types.CHAR, Types.LONGVARCHAR, Types.CLOB,
			Types.NVARCHAR, Types.NCHAR, Types.LONGNVARCHAR, Types.NCLOB);

	/** The length of a W3C {@code traceparent} of version 00. */
	private static final int TRACE_PARENT_LENGTH = 55;

	private static final String HISTORY_TABLE = "awty_delivery_log";

	private static final String HISTORY_CHANGE_SET = "awty-2-delivery-log";

	private static final String HISTORY_VERSION_CHANGE_SET = "awty-9-delivery-log-schedule-version";

	/** The changeSets that added the schedule of recurring occurrences, and its version, to the history table. */
	private static final List<String> HISTORY_SCHEDULE_CHANGE_SETS = List.of("awty-6-delivery-log-schedule",
			"awty-7-delivery-log-schedule-index", "awty-7-delivery-log-schedule-index-composite",
			HISTORY_VERSION_CHANGE_SET);

	private static final String SCHEDULE_TABLE = "awty_schedule";

	private static final String SCHEDULE_VERSION_TABLE = "awty_schedule_version";

	private static final String SCHEDULE_VERSION_CHANGE_SET = "awty-8-schedule-version";

	private static final String LOCK_CHANGE_SET = "awty-1-shedlock";

	private static final String LIMIT_TABLE = "awty_type_limit";

	private static final String LIMIT_CHANGE_SET = "awty-11-type-limit";

	private static final String PAUSE_TABLE = "awty_type_pause";

	private static final String PAUSE_CHANGE_SET = "awty-12-type-pause";

	private static final String AUDIT_TABLE = "awty_audit";

	private static final String AUDIT_CHANGE_SET = "awty-13-operator-audit";

	private final TableColumns tables;

	private final SqlDialect dialect;

	private final ChangeSetSql sql;

	private final TableStorageHint storageHint;

	public SchemaValidator(DataSource dataSource, SqlDialect dialect) {
		this.tables = new TableColumns(dataSource);
		this.dialect = dialect;
		this.sql = new ChangeSetSql(dialect);
		this.storageHint = new TableStorageHint(dataSource, dialect);
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
		Map<String, TableColumns.Column> columns = this.tables.columns(HISTORY_TABLE);
		if (columns.isEmpty()) {
			List<String> changeSets = new ArrayList<>(List.of(HISTORY_CHANGE_SET));
			changeSets.addAll(HISTORY_SCHEDULE_CHANGE_SETS);
			// The lean indexes of a table that is not partitioned; PostgreSQL's partitioned table is created by a
			// changeSet of its own (docs/history.md), which its lean changeSet follows.
			changeSets.add(HistoryIndexCheck.COMPOSITE_CHANGE_SET);
			throw new AwtyConfigurationException("The history table '" + HISTORY_TABLE + "' does not exist",
					"Set awty.schema.initialize=true to let awty create it, set awty.history.mode=none to keep no "
							+ "history, or add these changeSets to your changelog:\n\n" + changeSets(changeSets));
		}
		if (!columns.containsKey("schedule_id")) {
			throw new AwtyConfigurationException("The history table '" + HISTORY_TABLE
					+ "' has no column 'schedule_id', which this version of awty writes (it was created by an earlier one)",
					"Set awty.schema.initialize=true to let awty add it, set awty.history.mode=none to keep no history, "
							+ "or add these changeSets to your changelog:\n\n" + changeSets(HISTORY_SCHEDULE_CHANGE_SETS));
		}
		if (!columns.containsKey("schedule_version")) {
			throw new AwtyConfigurationException("The history table '" + HISTORY_TABLE
					+ "' has no column 'schedule_version', which this version of awty writes (it was created by an earlier one)",
					"Set awty.schema.initialize=true to let awty add it, set awty.history.mode=none to keep no history, "
							+ "or add this changeSet to your changelog:\n\n" + changeSets(List.of(HISTORY_VERSION_CHANGE_SET)));
		}
	}

	/**
	 * Checks that the table {@code awty_schedule_version}, which every create and change of a recurring schedule
	 * writes, exists beside {@code awty_schedule}. Without {@code awty_schedule} there is nothing to check: an
	 * application that keeps its schema itself and never added the recurring tables starts as before.
	 * @throws AwtyConfigurationException with the changeSet from awty's changelog that creates it
	 */
	public void requireScheduleVersionTable() {
		if (!this.tables.columns(SCHEDULE_TABLE).isEmpty() && this.tables.columns(SCHEDULE_VERSION_TABLE).isEmpty()) {
			throw new AwtyConfigurationException("The table '" + SCHEDULE_VERSION_TABLE
					+ "', which keeps the versions of recurring schedules, does not exist (the schedules were set up by an "
					+ "earlier version of awty)",
					"Set awty.schema.initialize=true to let awty create it, set awty.recurring.enabled=false if you use no "
							+ "recurring schedules, or add this changeSet to your changelog:\n\n"
							+ changeSets(List.of(SCHEDULE_VERSION_CHANGE_SET)));
		}
	}

	/**
	 * Checks that the table {@code awty_type_limit}, which the claims of a type with limits lock and update, exists.
	 * @param property the property that set the limit, named in the message
	 * @throws AwtyConfigurationException with the changeSet from awty's changelog that creates it
	 */
	public void requireLimitTable(String property) {
		if (this.tables.columns(LIMIT_TABLE).isEmpty()) {
			throw new AwtyConfigurationException("The table '" + LIMIT_TABLE + "', which keeps the limits that "
					+ property + " sets across instances, does not exist",
					"Set awty.schema.initialize=true to let awty create it, remove " + property
							+ ", or add this changeSet to your changelog:\n\n" + changeSets(List.of(LIMIT_CHANGE_SET)));
		}
	}

	/**
	 * Checks that the table {@code awty_type_pause}, which every poll loop reads for the types an operator paused,
	 * exists.
	 * @throws AwtyConfigurationException with the changeSet from awty's changelog that creates it
	 */
	public void requirePauseTable() {
		if (this.tables.columns(PAUSE_TABLE).isEmpty()) {
			throw new AwtyConfigurationException("The table '" + PAUSE_TABLE + "', which keeps the event types an "
					+ "operator paused (it was added in this version of awty), does not exist",
					"Set awty.schema.initialize=true to let awty create it, or add this changeSet to your changelog:\n\n"
							+ changeSets(List.of(PAUSE_CHANGE_SET)));
		}
	}

	/**
	 * Checks that the table {@code awty_audit}, which every operator action (a pause, a retry, a change of a schedule)
	 * writes an entry to in its transaction, exists.
	 * @throws AwtyConfigurationException with the changeSet from awty's changelog that creates it
	 */
	public void requireAuditTable() {
		if (this.tables.columns(AUDIT_TABLE).isEmpty()) {
			throw new AwtyConfigurationException("The table '" + AUDIT_TABLE + "', which records who paused, retried, "
					+ "cancelled or changed what (it was added in this version of awty), does not exist",
					"Set awty.schema.initialize=true to let awty create it, or add this changeSet to your changelog:\n\n"
							+ changeSets(List.of(AUDIT_CHANGE_SET)));
		}
	}

	private ScheduledTableException tableException(EventType<?> type, List<String> problems, String changeSet) {
		return new ScheduledTableException(type.name(), type.table(), problems, changeSet, this.sql.of(changeSet));
	}

	/** The changeSets {@code ids} of awty's changelog, followed by their SQL for the detected database. */
	private String changeSets(List<String> ids) {
		return String.join("\n\n", ids.stream().map(ChangeSetWriter::starterChangeSet).toList())
				+ ChangeSetSql.paragraph(this.sql.ofStarterChangeSets(ids, null));
	}

	/**
	 * Checks that the ShedLock table behind leader locks exists.
	 * @throws AwtyConfigurationException with the changeSet that creates it
	 */
	public void requireLockTable(String table) {
		if (this.tables.columns(table).isEmpty()) {
			throw new AwtyConfigurationException("The lock table '" + table + "' for awty's leader locks does not exist",
					"Set awty.schema.initialize=true to let awty create it, or add this changeSet to your changelog:\n\n"
							+ ChangeSetWriter.lockTable(table)
							+ ChangeSetSql.paragraph(this.sql.ofStarterChangeSets(List.of(LOCK_CHANGE_SET), table)));
		}
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
