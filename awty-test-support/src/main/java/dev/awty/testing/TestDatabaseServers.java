package dev.awty.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Assumptions;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.mariadb.MariaDBContainer;
import org.testcontainers.mysql.MySQLContainer;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * The database servers {@link TestDatabases} creates its fresh schemas and databases on: one per product and JVM,
 * found on first use from an environment variable, else a Testcontainers container when a Docker engine answers,
 * else a server on this machine. The variables are named in {@link TestDatabases}.
 */
final class TestDatabaseServers {

	private static final String LOCAL_MARIADB_URL = "jdbc:mariadb://127.0.0.1:3306/test";

	private static @Nullable TestDatabase postgres;

	private static @Nullable TestDatabase mariadb;

	private static @Nullable TestDatabase mysql;

	private TestDatabaseServers() {
	}

	/**
	 * PostgreSQL, in order: {@code AWTY_TEST_POSTGRES_URL}, a Testcontainers container, an embedded PostgreSQL started
	 * from Maven artifacts; fails naming the variable when none starts.
	 */
	static synchronized TestDatabase postgres() {
		if (postgres != null) {
			return postgres;
		}
		postgres = fromEnvironment("PostgreSQL", TestDatabases.POSTGRES_URL_VARIABLE, "postgres");
		if (postgres != null) {
			return postgres;
		}
		if (dockerAvailable()) {
			PostgreSQLContainer container = new PostgreSQLContainer("postgres:17-alpine");
			container.start();
			postgres = new TestDatabase("PostgreSQL", container.getJdbcUrl(), container.getUsername(),
					container.getPassword());
		}
		else {
			postgres = new TestDatabase("PostgreSQL", embeddedPostgres(), "postgres", "");
		}
		return postgres;
	}

	private static String embeddedPostgres() {
		try {
			EmbeddedPostgres embedded = EmbeddedPostgres.builder().start();
			Runtime.getRuntime().addShutdownHook(new Thread(() -> {
				try {
					embedded.close();
				}
				catch (Exception ex) {
					// the JVM is exiting; the temporary cluster directory is removed by zonky anyway
				}
			}));
			return embedded.getJdbcUrl("postgres", "postgres");
		}
		catch (Exception ex) {
			throw new IllegalStateException("No PostgreSQL for the tests: " + TestDatabases.POSTGRES_URL_VARIABLE
					+ " is not set, no Docker engine answered, and the embedded PostgreSQL failed to start. Set "
					+ TestDatabases.POSTGRES_URL_VARIABLE + " to a reachable database.", ex);
		}
	}

	/**
	 * MariaDB, in order: {@code AWTY_TEST_MARIADB_URL}, a Testcontainers MariaDB, the server on this machine's port
	 * 3306 (root, no password). Whether that last one answers is found when the first database is created on it.
	 */
	static synchronized TestDatabase mariadb() {
		if (mariadb != null) {
			return mariadb;
		}
		mariadb = fromEnvironment("MariaDB", TestDatabases.MARIADB_URL_VARIABLE, "root");
		if (mariadb != null) {
			return mariadb;
		}
		if (dockerAvailable()) {
			MariaDBContainer container = new MariaDBContainer("mariadb:10.11");
			container.withUsername("root").withPassword("awty").start();
			mariadb = new TestDatabase("MariaDB", container.getJdbcUrl(), "root", "awty");
		}
		else {
			mariadb = new TestDatabase("MariaDB", LOCAL_MARIADB_URL, "root", "");
		}
		return mariadb;
	}

	/**
	 * MySQL from {@code AWTY_TEST_MYSQL_URL}, else Testcontainers {@code mysql:8.0}; with neither, the calling test is
	 * aborted (skipped) with the reason.
	 */
	static synchronized TestDatabase mysql() {
		if (mysql != null) {
			return mysql;
		}
		mysql = fromEnvironment("MySQL", TestDatabases.MYSQL_URL_VARIABLE, "root");
		if (mysql != null) {
			return mysql;
		}
		Assumptions.assumeTrue(dockerAvailable(), "No MySQL server: " + TestDatabases.MYSQL_URL_VARIABLE
				+ " is not set and no Docker engine answered for Testcontainers mysql:8.0; MySQL is not tested here");
		MySQLContainer container = new MySQLContainer("mysql:8.0");
		container.withUsername("root").withPassword("awty").start();
		mysql = new TestDatabase("MySQL", container.getJdbcUrl(), "root", "awty");
		return mysql;
	}

	/**
	 * The server at the URL in {@code variable} ({@code AWTY_TEST_<product>_URL}), with the user and password of its
	 * {@code _USER} and {@code _PASSWORD} variables; {@code null} when it is not set.
	 */
	private static @Nullable TestDatabase fromEnvironment(String name, String variable, String defaultUser) {
		String url = System.getenv(variable);
		if (url == null || url.isBlank()) {
			return null;
		}
		String prefix = variable.substring(0, variable.length() - "URL".length());
		return new TestDatabase(name, url, envOr(prefix + "USER", defaultUser), envOr(prefix + "PASSWORD", ""));
	}

	/** Whether a Docker engine answers for Testcontainers (the brokers' fixtures ask too). */
	static boolean dockerAvailable() {
		try {
			return DockerClientFactory.instance().isDockerAvailable();
		}
		catch (Throwable ex) {
			return false;
		}
	}

	private static String envOr(String name, String fallback) {
		String value = System.getenv(name);
		return (value != null) ? value : fallback;
	}

}
