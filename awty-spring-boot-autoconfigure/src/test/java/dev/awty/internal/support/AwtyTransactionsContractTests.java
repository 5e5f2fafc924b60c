package dev.awty.internal.support;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
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
import dev.awty.testing.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * awty's own transactions on a pool: READ COMMITTED whatever level the pool hands out, learnt from the
 * transactions' own connections; written once and run on every database by a one-line subclass.
 */
abstract class AwtyTransactionsContractTests extends DatabaseContractTests {

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
