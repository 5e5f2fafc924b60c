package dev.awty.internal.selection;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.datasource.DataSourceUtils;

/**
 * Whether the scheduled table has an index that leads with a column of a selection's join conditions. A selection
 * reads the joined tables first and looks each one's scheduled rows up through the join
 * ({@link dev.awty.spi.DialectSelections#joinedTablesFirst()}) only when it has: without one, every joined row reads the
 * whole scheduled table (PostgreSQL does not index a foreign key by itself), and the plain join, which reads it once,
 * is far cheaper. Read once per table and column from the JDBC metadata; a restart reads indexes added since.
 */
final class JoinIndexes {

	private static final Log logger = LogFactory.getLog(JoinIndexes.class);

	// A column of the scheduled table (alias e, reserved) named in a join condition: e.col, E.col or e."col".
	private static final Pattern SCHEDULED_COLUMN = Pattern.compile("(?<![\\w.$\"])[eE]\\s*\\.\\s*\"?([A-Za-z_]\\w*)\"?");

	private final Map<String, Boolean> leadsAnIndex = new ConcurrentHashMap<>();

	/**
	 * Whether the scheduled rows of {@code table} can be looked up by index through the join conditions {@code ons}:
	 * one indexed column suffices, as the lookup then filters by the others. Logs a warning, once per table and
	 * column, for each unindexed column when none is indexed.
	 */
	boolean servedByIndex(DataSource dataSource, String table, List<String> ons) {
		Set<String> columns = scheduledColumns(ons);
		List<String> unindexed = new ArrayList<>();
		for (String column : columns) {
			if (leadsAnIndex(dataSource, table, column)) {
				return true;
			}
			unindexed.add(column);
		}
		unindexed.forEach((column) -> warnOnce(table, column));
		return false;
	}

	static Set<String> scheduledColumns(List<String> ons) {
		Set<String> columns = new LinkedHashSet<>();
		for (String on : ons) {
			Matcher matcher = SCHEDULED_COLUMN.matcher(on);
			while (matcher.find()) {
				columns.add(matcher.group(1).toLowerCase(Locale.ROOT));
			}
		}
		return columns;
	}

	private boolean leadsAnIndex(DataSource dataSource, String table, String column) {
		return this.leadsAnIndex.computeIfAbsent(key(table, column),
				(key) -> readLeadsAnIndex(dataSource, table, column));
	}

	private void warnOnce(String table, String column) {
		// The answer is cached as false already; a second key remembers that the warning was logged.
		if (this.leadsAnIndex.putIfAbsent(key(table, column) + " warned", Boolean.TRUE) == null) {
			String index = table.substring(table.indexOf('.') + 1) + "_" + column;
			logger.warn("A selection joins " + table + " by its column " + column + ", which leads no index: each"
					+ " such statement reads the whole table. Add the index, e.g. with this Liquibase changeSet:\n"
					+ "<changeSet id=\"" + index + "\" author=\"awty\">\n"
					+ "    <sql>CREATE INDEX " + index + " ON " + table + " (" + column + ")</sql>\n"
					+ "</changeSet>");
		}
	}

	private static String key(String table, String column) {
		return table.toLowerCase(Locale.ROOT) + "." + column;
	}

	private static boolean readLeadsAnIndex(DataSource dataSource, String qualifiedTable, String column) {
		Connection connection = DataSourceUtils.getConnection(dataSource);
		try {
			int dot = qualifiedTable.indexOf('.');
			String table = qualifiedTable.substring(dot + 1);
			DatabaseMetaData metaData = connection.getMetaData();
			// Qualified: a schema (PostgreSQL, H2) or a database, which MySQL and MariaDB call a catalog.
			List<@Nullable String[]> places = (dot > 0)
					? List.of(new String[] { null, qualifiedTable.substring(0, dot) },
							new String[] { qualifiedTable.substring(0, dot), null })
					: Collections.singletonList(new String[] { connection.getCatalog(), connection.getSchema() });
			for (String[] place : places) {
				for (String candidate : List.of(table, table.toUpperCase(Locale.ROOT), table.toLowerCase(Locale.ROOT))) {
					if (leadsAnIndex(metaData, place[0], place[1], candidate, column)) {
						return true;
					}
				}
			}
			return false;
		}
		catch (SQLException ex) {
			// Unknown: the plain join is the safe shape.
			logger.debug("Could not read the indexes of " + qualifiedTable, ex);
			return false;
		}
		finally {
			DataSourceUtils.releaseConnection(connection, dataSource);
		}
	}

	private static boolean leadsAnIndex(DatabaseMetaData metaData, @Nullable String catalog, @Nullable String schema,
			String table, String column) throws SQLException {
		try (ResultSet rs = metaData.getIndexInfo(catalog, schema, table, false, true)) {
			while (rs.next()) {
				String filter = rs.getString("FILTER_CONDITION");
				// A partial index (PostgreSQL) does not serve the lookup, which has no condition on status.
				if (rs.getShort("TYPE") != DatabaseMetaData.tableIndexStatistic && rs.getInt("ORDINAL_POSITION") == 1
						&& column.equalsIgnoreCase(rs.getString("COLUMN_NAME")) && (filter == null || filter.isBlank())) {
					return true;
				}
			}
		}
		return false;
	}

}
