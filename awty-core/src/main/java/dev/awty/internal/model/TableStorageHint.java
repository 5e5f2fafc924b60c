package dev.awty.internal.model;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.awty.spi.SqlDialect;

/**
 * Logs at start-up the storage settings recommended for a scheduled table that lacks them
 * ({@link dev.awty.spi.DialectSchema#tableStorage}): awty prints them only for a table it finds missing, so a table
 * created before, or from a service's own DDL, would otherwise never get them.
 */
final class TableStorageHint {

	private static final Log logger = LogFactory.getLog(TableStorageHint.class);

	private final JdbcTemplate jdbc;

	private final SqlDialect dialect;

	TableStorageHint(DataSource dataSource, SqlDialect dialect) {
		this.jdbc = new JdbcTemplate(dataSource);
		this.dialect = dialect;
	}

	void check(String table) {
		String missing = this.dialect.schema().tableStorageMissing();
		String storage = this.dialect.schema().tableStorage(table);
		if (missing == null || storage == null) {
			return;
		}
		try {
			if (!this.jdbc.queryForList(missing, Integer.class, table).isEmpty()) {
				logger.info("awty: table '" + table + "' fills its pages, so each claim of a row writes index entries;"
						+ " with room left for the claim's row version it writes none. Run \"" + storage
						+ "\" (it applies to rows inserted from then on; docs/postgresql.md, 'Dead tuples and autovacuum')."
						+ " A table given a fillfactor of its own, 100 included, is not reported.");
			}
		}
		catch (DataAccessException ex) {
			// only a hint: a database user who may not read the catalog still starts
			logger.debug("awty: could not read the storage settings of table '" + table + "'", ex);
		}
	}

}
