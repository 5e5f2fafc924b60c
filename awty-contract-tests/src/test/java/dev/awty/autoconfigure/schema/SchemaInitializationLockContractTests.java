package dev.awty.autoconfigure.schema;

import java.sql.Connection;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import dev.awty.dialect.DialectDetector;
import dev.awty.spi.SchemaInitializationLock;
import dev.awty.spi.SqlDialect;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

/**
 * The schema initialization lock seen from a start that finds it taken by another session: the wait is bounded and
 * names the holder, a stop ends it, and a start that finds awty's changelog applied does not wait at all. Written
 * once, run on every database with such a lock (not H2) by {@link OnEveryDatabase}.
 */
@OnEveryDatabase
class SchemaInitializationLockContractTests extends DatabaseContractTests {

	private DataSource dataSource;

	private SqlDialect dialect;

	SchemaInitializationLockContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@BeforeEach
	void detectDialect() {
		this.dataSource = this.database.simpleDataSource();
		this.dialect = DialectDetector.detect(this.dataSource, null);
	}

	@Test
	void aStartWaitingForTheLockFailsAfterTheLockTimeoutNamingTheSessionThatHoldsIt() throws Exception {
		try (Connection holder = holdLock()) {
			long holderId = sessionId(holder);
			assertThatIllegalStateException().isThrownBy(() -> initializer(Duration.ofSeconds(1)).afterPropertiesSet())
				.withMessageContaining("awty's schema initialization lock stayed taken for PT1S, held by ")
				.withMessageContaining(String.valueOf(holderId))
				.withMessageContaining("awty.schema.lock-timeout");
		}
	}

	@Test
	void aStopWhileWaitingForTheLockEndsTheStartAtOnce() throws Exception {
		try (Connection holder = holdLock()) {
			CompletableFuture<Void> start = new CompletableFuture<>();
			Thread starting = new Thread(() -> {
				try {
					initializer(Duration.ofMinutes(5)).afterPropertiesSet();
					start.complete(null);
				}
				catch (Exception ex) {
					start.completeExceptionally(ex);
				}
			}, "starting-instance");
			starting.start();
			await().atMost(Duration.ofSeconds(30)).until(() -> starting.getState() == Thread.State.TIMED_WAITING);
			starting.interrupt();
			assertThat(start).failsWithin(5, TimeUnit.SECONDS)
				.withThrowableOfType(ExecutionException.class)
				.withMessageContaining("start-up stopped while waiting for the schema initialization lock, held by");
		}
	}

	@Test
	void aStartThatFindsTheChangelogAppliedDoesNotWaitForTheLock() throws Exception {
		initializer(Duration.ofSeconds(1)).afterPropertiesSet();
		try (Connection holder = holdLock()) {
			initializer(Duration.ofSeconds(1)).afterPropertiesSet();
		}
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM awty_schedule", Integer.class)).isZero();
	}

	private AwtySchemaInitializer initializer(Duration lockTimeout) {
		return new AwtySchemaInitializer(this.dataSource, new DefaultResourceLoader(), "shedlock", this.dialect,
				lockTimeout);
	}

	/** Takes the lock as another instance would, on a connection that keeps it until closed. */
	private Connection holdLock() throws Exception {
		SchemaInitializationLock lock = this.dialect.schema().initializationLock();
		assumeThat(lock).as("%s has no schema initialization lock", this.database).isNotNull();
		Connection connection = this.dataSource.getConnection();
		connection.setAutoCommit(false);
		Object taken = JdbcClient.create(new SingleConnectionDataSource(connection, true))
			.sql(lock.tryLock())
			.param("holder", "another instance")
			.query((rs, row) -> rs.getObject(1))
			.single();
		assertThat(String.valueOf(taken)).isIn("true", "1");
		return connection;
	}

	private long sessionId(Connection connection) {
		String query = this.database.isMySqlFamily() ? "SELECT CONNECTION_ID()" : "SELECT pg_backend_pid()";
		return JdbcClient.create(new SingleConnectionDataSource(connection, true)).sql(query).query(Long.class).single();
	}

}
