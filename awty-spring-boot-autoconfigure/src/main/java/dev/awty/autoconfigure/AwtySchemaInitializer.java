package dev.awty.autoconfigure;

import javax.sql.DataSource;

import liquibase.integration.spring.SpringLiquibase;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.core.io.ResourceLoader;

/**
 * Applies awty's own changelog (its starter-owned tables) with a changelog table of its own.
 * <p>
 * The {@link SpringLiquibase} used here is deliberately not a bean: Boot's Liquibase auto-configuration
 * backs off when one exists, and the application's own migrations would silently stop running.
 */
public final class AwtySchemaInitializer implements InitializingBean {

	static final String CHANGELOG = "classpath:dev/awty/schema/awty-changelog.xml";

	static final String CHANGELOG_TABLE = "awty_databasechangelog";

	static final String CHANGELOG_LOCK_TABLE = "awty_databasechangeloglock";

	private final DataSource dataSource;

	private final ResourceLoader resourceLoader;

	private final String lockTableName;

	AwtySchemaInitializer(DataSource dataSource, ResourceLoader resourceLoader, String lockTableName) {
		this.dataSource = dataSource;
		this.resourceLoader = resourceLoader;
		this.lockTableName = lockTableName;
	}

	@Override
	public void afterPropertiesSet() throws Exception {
		SpringLiquibase liquibase = new SpringLiquibase();
		liquibase.setDataSource(this.dataSource);
		liquibase.setResourceLoader(this.resourceLoader);
		liquibase.setChangeLog(CHANGELOG);
		liquibase.setDatabaseChangeLogTable(CHANGELOG_TABLE);
		liquibase.setDatabaseChangeLogLockTable(CHANGELOG_LOCK_TABLE);
		liquibase.setChangeLogParameters(java.util.Map.of("awty.lockTable", this.lockTableName));
		liquibase.afterPropertiesSet();
	}

}
