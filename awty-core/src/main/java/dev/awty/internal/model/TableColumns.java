package dev.awty.internal.model;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.datasource.DataSourceUtils;

import dev.awty.AwtyException;

/**
 * Reads the columns and indexes of a table from the JDBC metadata, for the start-up checks of {@link SchemaValidator}.
 */
final class TableColumns {

	private final DataSource dataSource;

	TableColumns(DataSource dataSource) {
		this.dataSource = dataSource;
	}

	/**
	 * The columns of {@code qualifiedTable} by lower-case name, in table order; empty when there is no such table.
	 * The name is tried as written, then upper and lower case, as databases fold unquoted names either way.
	 */
	Map<String, Column> columns(String qualifiedTable) {
		Connection connection = DataSourceUtils.getConnection(this.dataSource);
		try {
			int dot = qualifiedTable.indexOf('.');
			String schema = (dot > 0) ? qualifiedTable.substring(0, dot) : connection.getSchema();
			String table = qualifiedTable.substring(dot + 1);
			DatabaseMetaData metaData = connection.getMetaData();
			for (String candidate : List.of(table, table.toUpperCase(Locale.ROOT), table.toLowerCase(Locale.ROOT))) {
				Map<String, Column> columns = columns(metaData, connection.getCatalog(), schema, candidate);
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

	/**
	 * The names of the indexes of {@code table} in the connection's schema, a primary key's included, in lower case;
	 * empty when there is no such table. The name is tried as {@link #columns} tries it.
	 */
	Set<String> indexes(String table) {
		Connection connection = DataSourceUtils.getConnection(this.dataSource);
		try {
			String schema = connection.getSchema();
			DatabaseMetaData metaData = connection.getMetaData();
			List<@Nullable String> schemas = (schema != null) ? List.of(schema, schema.toUpperCase(Locale.ROOT))
					: Collections.singletonList(null);
			for (String candidate : List.of(table, table.toUpperCase(Locale.ROOT), table.toLowerCase(Locale.ROOT))) {
				for (String schemaCandidate : schemas) {
					Set<String> indexes = new TreeSet<>();
					try (ResultSet rs = metaData.getIndexInfo(connection.getCatalog(), schemaCandidate, candidate, false,
							true)) {
						while (rs.next()) {
							String name = rs.getString("INDEX_NAME");
							if (name != null) {
								indexes.add(name.toLowerCase(Locale.ROOT));
							}
						}
					}
					if (!indexes.isEmpty()) {
						return indexes;
					}
				}
			}
			return Set.of();
		}
		catch (SQLException ex) {
			throw new AwtyException("Could not read the indexes of table '" + table + "': " + ex.getMessage(), ex);
		}
		finally {
			DataSourceUtils.releaseConnection(connection, this.dataSource);
		}
	}

	private static Map<String, Column> columns(DatabaseMetaData metaData, @Nullable String catalog,
			@Nullable String schema, String table) throws SQLException {
		Map<String, Column> columns = new LinkedHashMap<>();
		// MySQL and MariaDB have no schema inside a database: their tables are found by catalog alone
		List<@Nullable String> schemas = (schema != null) ? List.of(schema, schema.toUpperCase(Locale.ROOT))
				: Collections.singletonList(null);
		for (String schemaCandidate : schemas) {
			try (ResultSet rs = metaData.getColumns(catalog, schemaCandidate, table, null)) {
				while (rs.next()) {
					columns.put(rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT),
							new Column(rs.getInt("DATA_TYPE"), rs.getString("TYPE_NAME"), rs.getInt("COLUMN_SIZE")));
				}
			}
			if (!columns.isEmpty()) {
				break;
			}
		}
		return columns;
	}

	record Column(int jdbcType, String typeName, int size) {
	}

}
