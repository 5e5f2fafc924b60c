package dev.awty.autoconfigure.schema;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import javax.sql.DataSource;

import liquibase.Contexts;
import liquibase.LabelExpression;
import liquibase.Liquibase;
import liquibase.integration.spring.SpringLiquibase;

import org.springframework.core.io.ResourceLoader;

/**
 * awty's own changelog, with its changelog tables, applied to one {@link DataSource}. Not a bean: Boot's Liquibase
 * auto-configuration backs off when a {@link SpringLiquibase} bean exists, and the application's own migrations would
 * silently stop running.
 */
final class AwtyChangelog extends SpringLiquibase {

	static final String CHANGELOG = "classpath:dev/awty/schema/awty-changelog.xml";

	static final String CHANGELOG_TABLE = "awty_databasechangelog";

	static final String CHANGELOG_LOCK_TABLE = "awty_databasechangeloglock";

	AwtyChangelog(DataSource dataSource, ResourceLoader resourceLoader, String lockTableName) {
		setDataSource(dataSource);
		setResourceLoader(resourceLoader);
		setChangeLog(CHANGELOG);
		setDatabaseChangeLogTable(CHANGELOG_TABLE);
		setDatabaseChangeLogLockTable(CHANGELOG_LOCK_TABLE);
		setChangeLogParameters(Map.of("awty.lockTable", lockTableName));
	}

	/**
	 * Whether every changeSet of the changelog is recorded as applied, read without taking Liquibase's lock or
	 * creating its tables: what every start after the first finds, so that it takes no lock at all. {@code false}
	 * when the check fails for any reason: the update that follows then says what is wrong.
	 */
	boolean isApplied() {
		if (!changelogTableMayExist()) {
			return false;
		}
		try {
			Connection connection = getDataSource().getConnection();
			// Closing Liquibase closes the connection.
			try (Liquibase liquibase = createLiquibase(connection)) {
				return liquibase.listUnrunChangeSets(new Contexts(getContexts()), new LabelExpression(getLabelFilter()),
						false).isEmpty();
			}
		}
		catch (Exception ex) {
			return false;
		}
	}

	/**
	 * Whether awty's changelog table may be in the connection's schema: {@code false} only when the database's
	 * metadata says it is not. On an empty database, where every changeSet is unrun, this spares parsing the changelog
	 * to learn it, which costs a first start more than the update itself.
	 */
	private boolean changelogTableMayExist() {
		try (Connection connection = getDataSource().getConnection()) {
			DatabaseMetaData metaData = connection.getMetaData();
			// Unquoted names are stored lower-case by PostgreSQL and MariaDB, upper-case by H2.
			for (String name : List.of(CHANGELOG_TABLE, CHANGELOG_TABLE.toUpperCase(Locale.ROOT))) {
				try (ResultSet tables = metaData.getTables(connection.getCatalog(), connection.getSchema(), name, null)) {
					if (tables.next()) {
						return true;
					}
				}
			}
			return false;
		}
		catch (Exception | AbstractMethodError ex) {
			return true;
		}
	}

	/** Applies the changeSets not applied yet, under Liquibase's own lock. */
	void update() throws Exception {
		afterPropertiesSet();
	}

}
