package dev.awty.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
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

	private static TestDatabase postgres;

	private static TestDatabase mariadb;

	private static TestDatabase mysql;

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
		String url = System.getenv(TestDatabases.POSTGRES_URL_VARIABLE);
		if (url != null && !url.isBlank()) {
			postgres = new TestDatabase("PostgreSQL", url, envOr("AWTY_TEST_POSTGRES_USER", "postgres"),
					envOr("AWTY_TEST_POSTGRES_PASSWORD", ""));
		}
		else if (dockerAvailable()) {
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
		if (mariadb == null) {
			String url = System.getenv(TestDatabases.MARIADB_URL_VARIABLE);
			if (url != null && !url.isBlank()) {
				mariadb = new TestDatabase("MariaDB", url, envOr("AWTY_TEST_MARIADB_USER", "root"),
						envOr("AWTY_TEST_MARIADB_PASSWORD", ""));
			}
			else if (dockerAvailable()) {
				MariaDBContainer container = new MariaDBContainer("mariadb:10.11");
				container.withUsername("root").withPassword("awty").start();
				mariadb = new TestDatabase("MariaDB", container.getJdbcUrl(), "root", "awty");
			}
			else {
				mariadb = new TestDatabase("MariaDB", LOCAL_MARIADB_URL, "root", "");
			}
		}
		return mariadb;
	}

	/**
	 * MySQL from {@code AWTY_TEST_MYSQL_URL}, else Testcontainers {@code mysql:8.0}; with neither, the calling test is
	 * aborted (skipped) with the reason.
	 */
	static synchronized TestDatabase mysql() {
		if (mysql == null) {
			String url = System.getenv(TestDatabases.MYSQL_URL_VARIABLE);
			if (url != null && !url.isBlank()) {
				mysql = new TestDatabase("MySQL", url, envOr("AWTY_TEST_MYSQL_USER", "root"),
						envOr("AWTY_TEST_MYSQL_PASSWORD", ""));
			}
			else {
				Assumptions.assumeTrue(dockerAvailable(), "No MySQL server: " + TestDatabases.MYSQL_URL_VARIABLE
						+ " is not set and no Docker engine answered for Testcontainers mysql:8.0; MySQL is not tested here");
				MySQLContainer container = new MySQLContainer("mysql:8.0");
				container.withUsername("root").withPassword("awty").start();
				mysql = new TestDatabase("MySQL", container.getJdbcUrl(), "root", "awty");
			}
		}
		return mysql;
	}

	private static boolean dockerAvailable() {
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
