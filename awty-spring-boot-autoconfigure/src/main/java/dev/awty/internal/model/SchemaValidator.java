package dev.awty.internal.model;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.datasource.DataSourceUtils;

import dev.awty.AwtyConfigurationException;
import dev.awty.AwtyException;
import dev.awty.ScheduledTableException;
import dev.awty.spi.SqlDialect;

/**
 * Checks at start-up that a type's table exists with every base column of a compatible type and every column
 * of the class's own fields; on a mismatch, throws with the changeSet that fixes it.
 */
public final class SchemaValidator {

	private static final Set<Integer> INTEGER_TYPES = Set.of(Types.BIGINT, Types.INTEGER, Types.SMALLINT, Types.NUMERIC,
			Types.DECIMAL);

	private static final Set<Integer> TEXT_TYPES = Set.of(Types.VARCHAR, Types.CHAR, Types.LONGVARCHAR, Types.CLOB,
			Types.NVARCHAR, Types.NCHAR, Types.LONGNVARCHAR, Types.NCLOB);

	private static final String HISTORY_TABLE = "awty_delivery_log";

	private static final String HISTORY_CHANGE_SET = "awty-2-delivery-log";

	/** The changeSets that added the schedule of recurring occurrences to the history table, in order. */
	private static final List<String> HISTORY_SCHEDULE_CHANGE_SETS = List.of("awty-6-delivery-log-schedule",
			"awty-7-delivery-log-schedule-index", "awty-7-delivery-log-schedule-index-composite");

	private final DataSource dataSource;

	private final SqlDialect dialect;

	public SchemaValidator(DataSource dataSource, SqlDialect dialect) {
		this.dataSource = dataSource;
		this.dialect = dialect;
	}

	public void validate(EventType<?> type) {
		Map<String, ColumnInfo> columns = readColumns(type.table());
		ChangeSetWriter changeSet = new ChangeSetWriter(type, this.dialect);
		if (columns.isEmpty()) {
			throw new ScheduledTableException(type.name(), type.table(), List.of("table '" + type.table() + "' does not exist"),
					changeSet.createTable());
		}
		List<String> problems = new ArrayList<>();
		List<BaseColumn> missingBase = new ArrayList<>();
		List<BaseColumn> wrongType = new ArrayList<>();
		for (BaseColumn base : BaseColumn.values()) {
			ColumnInfo column = columns.get(base.column());
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
			throw new ScheduledTableException(type.name(), type.table(), problems,
					changeSet.fixColumns(missingBase, wrongType, missingOwn));
		}
	}

	/**
	 * The length of the type's {@code last_error} column, at most {@code defaultLength}: the application may have
	 * made it shorter than the texts awty records. {@code defaultLength} when the column cannot be read.
	 */
	public int lastErrorLength(EventType<?> type, int defaultLength) {
		ColumnInfo column = readColumns(type.table()).get(BaseColumn.LAST_ERROR.column());
		return (column != null && column.size() > 0) ? Math.min(column.size(), defaultLength) : defaultLength;
	}

	/**
	 * Checks that a type whose handler may check again has the check columns {@code first_check_at} and
	 * {@code check_count}; throws with the changeSet that adds the missing ones.
	 */
	public void requireCheckColumns(EventType<?> type, String handlerBean) {
		Map<String, ColumnInfo> columns = readColumns(type.table());
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
			throw new ScheduledTableException(type.name(), type.table(), problems,
					new ChangeSetWriter(type, this.dialect).checkColumns(!firstCheckAt, !checkCount));
		}
	}

	/**
	 * Checks that the history table {@code awty_delivery_log} exists, with the column {@code schedule_id} that
	 * every entry is written with.
	 * @throws AwtyConfigurationException with the changeSets from awty's changelog that create or complete it
	 */
	public void requireHistoryTable() {
		Map<String, ColumnInfo> columns = readColumns(HISTORY_TABLE);
		if (columns.isEmpty()) {
			List<String> changeSets = new ArrayList<>(List.of(HISTORY_CHANGE_SET));
			changeSets.addAll(HISTORY_SCHEDULE_CHANGE_SETS);
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
	}

	private static String changeSets(List<String> ids) {
		return String.join("\n\n", ids.stream().map(ChangeSetWriter::starterChangeSet).toList());
	}

	/**
	 * Checks that the ShedLock table behind leader locks exists.
	 * @throws AwtyConfigurationException with the changeSet that creates it
	 */
	public void requireLockTable(String table) {
		if (readColumns(table).isEmpty()) {
			throw new AwtyConfigurationException("The lock table '" + table + "' for awty's leader locks does not exist",
					"Set awty.schema.initialize=true to let awty create it, or add this changeSet to your changelog:\n\n"
							+ ChangeSetWriter.lockTable(table));
		}
	}

	private boolean compatible(BaseColumn.Kind kind, ColumnInfo column) {
		return switch (kind) {
			case INTEGER -> INTEGER_TYPES.contains(column.jdbcType());
			case TEXT -> TEXT_TYPES.contains(column.jdbcType())
					|| column.typeName().toLowerCase(Locale.ROOT).contains("char")
					|| column.typeName().equalsIgnoreCase("text");
			case TIMESTAMP -> this.dialect.isTimestampWithTimeZone(column.jdbcType(), column.typeName());
		};
	}

	private Map<String, ColumnInfo> readColumns(String qualifiedTable) {
		Connection connection = DataSourceUtils.getConnection(this.dataSource);
		try {
			int dot = qualifiedTable.indexOf('.');
			String schema = (dot > 0) ? qualifiedTable.substring(0, dot) : connection.getSchema();
			String table = qualifiedTable.substring(dot + 1);
			DatabaseMetaData metaData = connection.getMetaData();
			for (String candidate : List.of(table, table.toUpperCase(Locale.ROOT), table.toLowerCase(Locale.ROOT))) {
				Map<String, ColumnInfo> columns = readColumns(metaData, connection.getCatalog(), schema, candidate);
				if (!columns.isEmpty()) {
					return columns;
				}
			}
			return Map.of();
		}
		catch (SQLException ex) {
			throw new AwtyException("Could not read the columns of table '" + qualifiedTable + "': " + ex.getMessage(), ex);
		}
		finally {
			DataSourceUtils.releaseConnection(connection, this.dataSource);
		}
	}

	private static Map<String, ColumnInfo> readColumns(DatabaseMetaData metaData, @Nullable String catalog,
			@Nullable String schema, String table) throws SQLException {
		Map<String, ColumnInfo> columns = new LinkedHashMap<>();
		// MySQL and MariaDB have no schema inside a database: their tables are found by catalog alone
		List<@Nullable String> schemas = (schema != null) ? List.of(schema, schema.toUpperCase(Locale.ROOT))
				: Collections.singletonList(null);
		for (String schemaCandidate : schemas) {
			try (ResultSet rs = metaData.getColumns(catalog, schemaCandidate, table, null)) {
				while (rs.next()) {
					columns.put(rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT),
							new ColumnInfo(rs.getInt("DATA_TYPE"), rs.getString("TYPE_NAME"), rs.getInt("COLUMN_SIZE")));
				}
			}
			if (!columns.isEmpty()) {
				break;
			}
		}
		return columns;
	}

	private record ColumnInfo(int jdbcType, String typeName, int size) {
	}

}
