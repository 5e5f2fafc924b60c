package dev.awty.testing;

import java.util.function.Supplier;

import org.junit.jupiter.api.BeforeEach;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The base of a contract test written once and run on every database from its matrix below that names where its
 * databases come from ({@code super(TestDatabases::postgres)}). Each test gets a fresh database, created before the
 * subclass's own {@code @BeforeEach} methods run, so those can create their tables in it.
 */
public abstract class DatabaseContractTests {

	private final Supplier<TestDatabase> databases;

	/** This test's database. */
	protected TestDatabase database;

	/** Statements on {@link #database}, outside any application context. */
	protected JdbcTemplate jdbc;

	protected DatabaseContractTests(Supplier<TestDatabase> databases) {
		this.databases = databases;
	}

	@BeforeEach
	protected final void createTestDatabase() {
		this.database = this.databases.get();
		this.jdbc = this.database.jdbc();
	}

	/**
	 * Another fresh database from the same place as {@link #database}, for a test that needs an empty one more than
	 * once (several first starts in one test).
	 */
	protected final TestDatabase anotherDatabase() {
		return this.databases.get();
	}

}
