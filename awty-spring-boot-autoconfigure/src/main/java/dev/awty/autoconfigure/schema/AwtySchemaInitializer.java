package dev.awty.autoconfigure.schema;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ThreadLocalRandom;

import javax.sql.DataSource;

import liquibase.integration.spring.SpringLiquibase;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.core.io.ResourceLoader;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import dev.awty.spi.SqlDialect;

/**
 * Applies awty's own changelog (its starter-owned tables) with a changelog table of its own.
 * <p>
 * Several instances may start at the same moment on an empty database (a first deployment with replicas). Liquibase
 * creates its changelog and lock tables before its own lock protects anything, so they would race: where the dialect
 * has a database lock, the whole update runs on one connection holding it. H2 has none: instances in this JVM (an
 * embedded H2 lives in one) take turns per JDBC URL, and a failed update is retried for the others, since a second
 * run finds the tables the winner created and waits on Liquibase's lock.
 * <p>
 * The {@link SpringLiquibase} used here is deliberately not a bean: Boot's Liquibase auto-configuration
 * backs off when one exists, and the application's own migrations would silently stop running.
 */
public final class AwtySchemaInitializer implements InitializingBean {

	static final String CHANGELOG = "classpath:dev/awty/schema/awty-changelog.xml";

	static final String CHANGELOG_TABLE = "awty_databasechangelog";

	static final String CHANGELOG_LOCK_TABLE = "awty_databasechangeloglock";

	private static final int UNLOCKED_ATTEMPTS = 5;

	private static final ConcurrentMap<String, Object> LOCAL_TURNS = new ConcurrentHashMap<>();

	private final DataSource dataSource;

	private final ResourceLoader resourceLoader;

	private final String lockTableName;

	private final SqlDialect dialect;

	public AwtySchemaInitializer(DataSource dataSource, ResourceLoader resourceLoader, String lockTableName,
			SqlDialect dialect) {
		this.dataSource = dataSource;
		this.resourceLoader = resourceLoader;
		this.lockTableName = lockTableName;
		this.dialect = dialect;
	}

	@Override
	public void afterPropertiesSet() throws Exception {
		String lock = this.dialect.lockSchemaInitialization();
		String unlock = this.dialect.unlockSchemaInitialization();
		if (lock == null || unlock == null || !updateHoldingLock(lock, unlock)) {
			updateRetrying();
		}
	}

	/** Whether the update ran under the lock; {@code false} when the database refused the lock statement. */
	private boolean updateHoldingLock(String lock, String unlock) throws Exception {
		try (Connection connection = this.dataSource.getConnection()) {
			try {
				takeLock(connection, lock);
			}
			catch (SQLException ex) {
				// A forced dialect on a database that speaks it only in part (H2 in PostgreSQL mode): no lock there.
				return false;
			}
			try {
				update(new SingleConnectionDataSource(connection, true));
			}
			finally {
				if (!connection.getAutoCommit()) {
					connection.rollback();
				}
				// A failure here fails the start-up; the pool closes with it and so does the session holding the lock.
				releaseLock(connection, unlock);
			}
			return true;
		}
	}

	private void updateRetrying() throws Exception {
		String url;
		try (Connection connection = this.dataSource.getConnection()) {
			url = String.valueOf(connection.getMetaData().getURL());
		}
		synchronized (LOCAL_TURNS.computeIfAbsent(url, (key) -> new Object())) {
			updateRetryingInTurn();
		}
	}

	private void updateRetryingInTurn() throws Exception {
		for (int attempt = 1;; attempt++) {
			try {
				update(this.dataSource);
				return;
			}
			catch (Exception ex) {
				if (attempt == UNLOCKED_ATTEMPTS) {
					throw ex;
				}
				// Instances that lost the race try again a little apart.
				Thread.sleep(ThreadLocalRandom.current().nextLong(50, 250));
			}
		}
	}

	private void update(DataSource target) throws Exception {
		SpringLiquibase liquibase = new SpringLiquibase();
		liquibase.setDataSource(target);
		liquibase.setResourceLoader(this.resourceLoader);
		liquibase.setChangeLog(CHANGELOG);
		liquibase.setDatabaseChangeLogTable(CHANGELOG_TABLE);
		liquibase.setDatabaseChangeLogLockTable(CHANGELOG_LOCK_TABLE);
		liquibase.setChangeLogParameters(Map.of("awty.lockTable", this.lockTableName));
		liquibase.afterPropertiesSet();
	}

	private static void takeLock(Connection connection, String lock) throws SQLException {
		try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(lock)) {
			@Nullable Object value = result.next() ? result.getObject(1) : null;
			if (!(value instanceof Number number && number.intValue() == 1)) {
				throw new IllegalStateException(
						"Could not take awty's schema initialization lock: " + lock.strip() + " returned " + value);
			}
		}
	}

	private static void releaseLock(Connection connection, String unlock) throws SQLException {
		try (Statement statement = connection.createStatement()) {
			statement.execute(unlock);
		}
	}

}
