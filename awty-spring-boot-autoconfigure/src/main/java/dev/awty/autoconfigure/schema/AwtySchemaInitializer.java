package dev.awty.autoconfigure.schema;

import java.sql.Connection;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ThreadLocalRandom;

import javax.sql.DataSource;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.core.io.ResourceLoader;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import dev.awty.spi.SchemaInitializationLock;
import dev.awty.spi.SqlDialect;

/**
 * Applies awty's own changelog (its starter-owned tables) with a changelog table of its own.
 * <p>
 * A start finds the changelog applied (every start but the first after an upgrade) by reading awty's changelog table,
 * and then takes no lock at all. Otherwise several instances may be starting at the same moment on an empty database
 * (a first deployment with replicas). Liquibase creates its changelog and lock tables before its own lock protects
 * anything, so they would race: where the dialect has a database lock, an instance takes it (waiting at most
 * {@code lockTimeout}, and no longer once stopped), checks again and updates. A lock held by a transaction, as on
 * PostgreSQL, stays on its own connection while the update runs on others of the pool, so that it cannot outlive
 * its holder's transaction even behind PgBouncer in transaction pooling mode. H2 has none: instances in this JVM (an
 * embedded H2 lives in one) take turns per JDBC URL, and a failed update is retried for the others, since a second
 * run finds the tables the winner created and waits on Liquibase's lock.
 */
public final class AwtySchemaInitializer implements InitializingBean {

	static final String CHANGELOG = AwtyChangelog.CHANGELOG;

	static final String CHANGELOG_TABLE = AwtyChangelog.CHANGELOG_TABLE;

	static final String CHANGELOG_LOCK_TABLE = AwtyChangelog.CHANGELOG_LOCK_TABLE;

	private static final int UNLOCKED_ATTEMPTS = 5;

	private static final ConcurrentMap<String, Object> LOCAL_TURNS = new ConcurrentHashMap<>();

	private final DataSource dataSource;

	private final ResourceLoader resourceLoader;

	private final String lockTableName;

	private final SqlDialect dialect;

	private final Duration lockTimeout;

	public AwtySchemaInitializer(DataSource dataSource, ResourceLoader resourceLoader, String lockTableName,
			SqlDialect dialect, Duration lockTimeout) {
		this.dataSource = dataSource;
		this.resourceLoader = resourceLoader;
		this.lockTableName = lockTableName;
		this.dialect = dialect;
		this.lockTimeout = lockTimeout;
	}

	@Override
	public void afterPropertiesSet() throws Exception {
		if (changelog(this.dataSource).isApplied()) {
			return;
		}
		SchemaInitializationLock lock = this.dialect.schema().initializationLock();
		if (lock == null || !updateHoldingLock(lock)) {
			updateRetrying();
		}
	}

	/** Whether the update ran under the lock; {@code false} when the database refused the lock statement. */
	private boolean updateHoldingLock(SchemaInitializationLock lock) throws Exception {
		try (SchemaInitializationTurn turn = SchemaInitializationTurn.take(this.dataSource, lock, this.lockTimeout)) {
			if (turn == null) {
				return false;
			}
			// A lock of the session survives the update's commits: the update may run on its connection, as a pool
			// of one connection needs. A lock of the transaction must not see it commit.
			DataSource target = lock.endsWithTransaction() ? this.dataSource
					: new SingleConnectionDataSource(turn.connection(), true);
			AwtyChangelog changelog = changelog(target);
			if (!changelog.isApplied()) {
				changelog.update();
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
				changelog(this.dataSource).update();
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

	private AwtyChangelog changelog(DataSource target) {
		return new AwtyChangelog(target, this.resourceLoader, this.lockTableName);
	}

}
