package dev.awty.internal.support;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * awty's own transactions on a pool: READ COMMITTED whatever level the pool hands out, learnt from the
 * transactions' own connections; and an outcome write tried again when its connection could not be had or was lost
 * at the commit; written once and run on every database by {@link OnEveryDatabase}.
 */
@OnEveryDatabase
class AwtyTransactionsContractTests extends DatabaseContractTests {

	private final AtomicInteger connectionsTaken = new AtomicInteger();

	private final AtomicInteger levelQuestions = new AtomicInteger();

	private HikariDataSource pool;

	AwtyTransactionsContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@BeforeEach
	void createCounter() {
		this.jdbc.execute("CREATE TABLE tx_counter (id INT PRIMARY KEY, v INT NOT NULL)");
		this.jdbc.update("INSERT INTO tx_counter (id, v) VALUES (1, 1)");
	}

	@AfterEach
	void closePool() {
		if (this.pool != null) {
			this.pool.close();
		}
	}

	@Test
	void eachTransactionTakesOnlyItsOwnConnectionAndTheLevelIsAskedOnceWhenThePoolHandsOutReadCommitted() {
		DataSource dataSource = counted("TRANSACTION_READ_COMMITTED");
		AwtyTransactions transactions = AwtyTransactions.on(dataSource);
		JdbcTemplate inTransaction = new JdbcTemplate(dataSource);

		for (int i = 0; i < 5; i++) {
			Integer value = transactions.execute((status) -> value(inTransaction));
			assertThat(value).isEqualTo(1);
		}

		assertThat(this.connectionsTaken).as("connections taken from the pool").hasValue(5);
		assertThat(this.levelQuestions).as("times the isolation level was asked").hasValue(1);
	}

	@Test
	void everyTransactionSeesChangesCommittedMeanwhileWhenThePoolHandsOutRepeatableRead() {
		DataSource dataSource = counted("TRANSACTION_REPEATABLE_READ");
		AwtyTransactions transactions = AwtyTransactions.on(dataSource);
		JdbcTemplate inTransaction = new JdbcTemplate(dataSource);

		// The first transaction learns the pool's level, the later ones run with what it learnt.
		for (int committed = 2; committed <= 4; committed++) {
			int update = committed;
			List<Integer> seen = transactions.execute((status) -> {
				int before = value(inTransaction);
				this.jdbc.update("UPDATE tx_counter SET v = ? WHERE id = 1", update);
				return List.of(before, value(inTransaction));
			});
			assertThat(seen).as("read before and after another connection committed %d", update)
				.containsExactly(update - 1, update);
		}
		assertThat(this.connectionsTaken).as("connections taken from the pool").hasValue(3);
	}

	@Test
	void aWriteWhoseSessionEndedBeforeItsCommitIsTriedAgainAndCommitsOnce() {
		DataSource dataSource = counted("TRANSACTION_READ_COMMITTED");
		AwtyTransactions transactions = AwtyTransactions.on(dataSource);
		JdbcTemplate inTransaction = new JdbcTemplate(dataSource);
		AtomicInteger attempts = new AtomicInteger();

		int written = WriteRetry.write("a test", () -> transactions.execute((status) -> {
			int updated = inTransaction.update("UPDATE tx_counter SET v = v + 1 WHERE id = 1");
			if (attempts.incrementAndGet() == 1) {
				// Another connection ends this one's session: its COMMIT finds the connection gone.
				endSession(inTransaction.queryForObject(sessionIdQuery(), Long.class));
			}
			return updated;
		}));

		assertThat(written).isEqualTo(1);
		assertThat(attempts).as("attempts").hasValue(2);
		assertThat(value(this.jdbc)).as("written once").isEqualTo(2);
	}

	@Test
	void aWriteWhoseConnectionCouldNotBeOpenedIsTriedAgainAndCommits() {
		DataSource pool = counted("TRANSACTION_READ_COMMITTED");
		AtomicInteger refused = new AtomicInteger(1);
		DataSource dataSource = new DelegatingDataSource(pool) {

			@Override
			public Connection getConnection() throws SQLException {
				if (refused.getAndDecrement() > 0) {
					throw new SQLTransientConnectionException("Connection is not available, request timed out");
				}
				return super.getConnection();
			}

		};
		AwtyTransactions transactions = AwtyTransactions.on(dataSource);
		JdbcTemplate inTransaction = new JdbcTemplate(dataSource);

		int written = WriteRetry.write("a test",
				() -> transactions.execute((status) -> inTransaction.update("UPDATE tx_counter SET v = 5 WHERE id = 1")));

		assertThat(written).isEqualTo(1);
		assertThat(value(this.jdbc)).isEqualTo(5);
	}

	private String sessionIdQuery() {
		return switch (this.database.name()) {
			case "PostgreSQL" -> "SELECT pg_backend_pid()";
			case "H2" -> "SELECT SESSION_ID()";
			default -> "SELECT CONNECTION_ID()";
		};
	}

	private void endSession(long id) {
		switch (this.database.name()) {
			case "PostgreSQL" -> this.jdbc.queryForObject("SELECT pg_terminate_backend(?)", Boolean.class, (int) id);
			case "H2" -> this.jdbc.queryForObject("SELECT ABORT_SESSION(?)", Boolean.class, (int) id);
			default -> this.jdbc.execute("KILL " + id);
		}
	}

	private static int value(JdbcTemplate jdbc) {
		return jdbc.queryForObject("SELECT v FROM tx_counter WHERE id = 1", Integer.class);
	}

	/** A pool handing out connections at {@code isolation}, counting the connections taken and level questions. */
	private DataSource counted(String isolation) {
		this.pool = new HikariDataSource();
		this.pool.setJdbcUrl(this.database.url());
		this.pool.setUsername(this.database.username());
		this.pool.setPassword(this.database.password());
		this.pool.setMaximumPoolSize(2);
		this.pool.setTransactionIsolation(isolation);
		return new DelegatingDataSource(this.pool) {

			@Override
			public Connection getConnection() throws SQLException {
				AwtyTransactionsContractTests.this.connectionsTaken.incrementAndGet();
				return countingLevelQuestions(super.getConnection());
			}

		};
	}

	private Connection countingLevelQuestions(Connection connection) {
		return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Connection.class },
				(proxy, method, args) -> {
					if (method.getName().equals("getTransactionIsolation")) {
						this.levelQuestions.incrementAndGet();
					}
					try {
						return method.invoke(connection, args);
					}
					catch (InvocationTargetException ex) {
						throw ex.getCause();
					}
				});
	}

}
