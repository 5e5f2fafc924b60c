package dev.awty.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Assumptions;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.mariadb.MariaDBContainer;
import org.testcontainers.mysql.MySQLContainer;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * Where test databases come from (MariaDB and MySQL: see {@link #mariadb()} and {@link #mysql()}). PostgreSQL, in order: the URL in {@code AWTY_TEST_POSTGRES_URL}, a
 * Testcontainers container when a Docker engine answers, an embedded PostgreSQL started from Maven
 * artifacts. Each call returns a fresh schema, so test classes never see each other's tables.
 */
public final class TestDatabases {

	public static final String POSTGRES_URL_VARIABLE = "AWTY_TEST_POSTGRES_URL";

	public static final String MARIADB_URL_VARIABLE = "AWTY_TEST_MARIADB_URL";

	public static final String MYSQL_URL_VARIABLE = "AWTY_TEST_MYSQL_URL";

	/** The session time zone of MySQL and MariaDB test connections; the JVM's default zone differs from it too. */
	public static final String NON_UTC_SESSION_ZONE = "-07:00";

	private static final Pattern SERVER_URL = Pattern.compile("(jdbc:[a-z]+://[^/?]+)(?:/[^?]*)?(\\?.*)?");

	private static TestDatabase postgresServer;

	private static TestDatabase mariadbServer;

	private static TestDatabase mysqlServer;

	private static final List<String> postgresSchemas = new CopyOnWriteArrayList<>();

	// DriverManager finds its drivers once per JVM, with the loader of the first caller, and hands a caller only the
	// drivers its own loader sees. A test compiled in a forked class loader (the AOT test) that called first left this
	// loader with none: "No suitable driver" for every test after it in that JVM. Loading them here registers them.
	static {
		for (String driver : List.of("org.h2.Driver", "org.postgresql.Driver", "org.mariadb.jdbc.Driver",
				"com.mysql.cj.jdbc.Driver")) {
			try {
				Class.forName(driver, true, TestDatabases.class.getClassLoader());
			}
			catch (ClassNotFoundException ex) {
				// not on this module's test class path: its database is not tested here
			}
		}
	}

	private TestDatabases() {
	}

	public static TestDatabase h2() {
		String name = "awty_" + UUID.randomUUID().toString().replace("-", "");
		return new TestDatabase("H2", "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1", "sa", "");
	}

	public static synchronized TestDatabase postgres() {
		TestDatabase server = postgresServer();
		String schema = "awty_t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
		try (Connection connection = DriverManager.getConnection(server.url(), server.username(), server.password());
				Statement statement = connection.createStatement()) {
			statement.execute("CREATE SCHEMA " + schema);
			dropSchemaOnExit(server, schema);
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Could not create a test schema on PostgreSQL at " + server.url()
					+ ". Set " + POSTGRES_URL_VARIABLE + " to a reachable database, e.g. "
					+ "jdbc:postgresql://127.0.0.1:5432/test?user=postgres", ex);
		}
		String separator = server.url().contains("?") ? "&" : "?";
		return new TestDatabase("PostgreSQL", server.url() + separator + "currentSchema=" + schema, server.username(),
				server.password());
	}

	/**
	 * A fresh database on MariaDB (MariaDB has no schemas inside a database), from {@code AWTY_TEST_MARIADB_URL},
	 * else a Testcontainers MariaDB when a Docker engine answers, else the server on this machine's port 3306
	 * (root, no password); fails naming the variable when none works.
	 * Connections use the session time zone {@value #NON_UTC_SESSION_ZONE}, so that a test passes only if awty's
	 * timestamps do not depend on it.
	 */
	private static final String LOCAL_MARIADB_URL = "jdbc:mariadb://127.0.0.1:3306/test";

	public static synchronized TestDatabase mariadb() {
		if (mariadbServer == null) {
			String url = System.getenv(MARIADB_URL_VARIABLE);
			if (url != null && !url.isBlank()) {
				mariadbServer = new TestDatabase("MariaDB", url, envOr("AWTY_TEST_MARIADB_USER", "root"),
						envOr("AWTY_TEST_MARIADB_PASSWORD", ""));
			}
			else if (dockerAvailable()) {
				MariaDBContainer container = new MariaDBContainer("mariadb:10.11");
				container.withUsername("root").withPassword("awty").start();
				mariadbServer = new TestDatabase("MariaDB", container.getJdbcUrl(), "root", "awty");
			}
			else {
				// freshDatabase fails naming the variable when nothing answers here either
				mariadbServer = new TestDatabase("MariaDB", LOCAL_MARIADB_URL, "root", "");
			}
		}
		return freshDatabase(mariadbServer, "MariaDB", MARIADB_URL_VARIABLE,
				"sessionVariables=time_zone='" + NON_UTC_SESSION_ZONE + "'");
	}

	/**
	 * A fresh database on the MariaDB server of {@link #mariadb()}, reached through MySQL's driver (which reports the
	 * product as "MySQL"): proves the driver's handling of awty's SQL and values, not MySQL the server.
	 */
	public static TestDatabase mariadbThroughMySqlDriver() {
		TestDatabase mariadb = mariadb();
		return new TestDatabase("MariaDB through MySQL's driver", mariadb.url().replace("jdbc:mariadb:", "jdbc:mysql:"),
				mariadb.username(), mariadb.password());
	}

	/**
	 * A fresh database on MySQL from {@code AWTY_TEST_MYSQL_URL}, else Testcontainers {@code mysql:8.0} when a Docker
	 * engine answers; otherwise the calling test is aborted (skipped) with the reason, since this machine has no
	 * MySQL server: a skipped MySQL test proves nothing about MySQL.
	 */
	public static synchronized TestDatabase mysql() {
		if (mysqlServer == null) {
			String url = System.getenv(MYSQL_URL_VARIABLE);
			if (url != null && !url.isBlank()) {
				mysqlServer = new TestDatabase("MySQL", url, envOr("AWTY_TEST_MYSQL_USER", "root"),
						envOr("AWTY_TEST_MYSQL_PASSWORD", ""));
			}
			else {
				Assumptions.assumeTrue(dockerAvailable(), "No MySQL server: " + MYSQL_URL_VARIABLE
						+ " is not set and no Docker engine answered for Testcontainers mysql:8.0; MySQL is not tested here");
				MySQLContainer container = new MySQLContainer("mysql:8.0");
				container.withUsername("root").withPassword("awty").start();
				mysqlServer = new TestDatabase("MySQL", container.getJdbcUrl(), "root", "awty");
			}
		}
		return freshDatabase(mysqlServer, "MySQL", MYSQL_URL_VARIABLE,
				"sessionVariables=time_zone='" + NON_UTC_SESSION_ZONE + "'");
	}

	private static TestDatabase freshDatabase(TestDatabase server, String name, String variable, String options) {
		String database = "awty_t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
		try (Connection connection = DriverManager.getConnection(server.url(), server.username(), server.password());
				Statement statement = connection.createStatement()) {
			statement.execute("CREATE DATABASE " + database);
			dropOnExit(server, database);
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Could not create a test database on " + name + " at " + server.url() + ". Set "
					+ variable + " to a reachable server where the user may create databases.", ex);
		}
		Matcher url = SERVER_URL.matcher(server.url());
		if (!url.matches()) {
			throw new IllegalStateException(variable + " must look like jdbc:<driver>://host:port/database, was "
					+ server.url());
		}
		String query = (url.group(2) != null) ? url.group(2) + "&" : "?";
		return new TestDatabase(name, url.group(1) + "/" + database + query + options, server.username(),
				server.password());
	}

	/**
	 * Drops this JVM's PostgreSQL test schemas when it exits: left behind, every run added a few hundred to the
	 * shared database, and Liquibase's snapshot of each new schema grew slower with them.
	 */
	private static synchronized void dropSchemaOnExit(TestDatabase server, String schema) {
		if (postgresSchemas.isEmpty()) {
			Runtime.getRuntime().addShutdownHook(new Thread(() -> {
				try (Connection connection = DriverManager.getConnection(server.url(), server.username(),
						server.password()); Statement statement = connection.createStatement()) {
					for (String created : postgresSchemas) {
						statement.execute("DROP SCHEMA IF EXISTS " + created + " CASCADE");
					}
				}
				catch (SQLException ex) {
					// the JVM is exiting; a left-over test schema only takes space
				}
			}));
		}
		postgresSchemas.add(schema);
	}

	private static void dropOnExit(TestDatabase server, String database) {
		Runtime.getRuntime().addShutdownHook(new Thread(() -> {
			try (Connection connection = DriverManager.getConnection(server.url(), server.username(), server.password());
					Statement statement = connection.createStatement()) {
				statement.execute("DROP DATABASE IF EXISTS " + database);
			}
			catch (SQLException ex) {
				// the JVM is exiting; a left-over test database only takes space
			}
		}));
	}

	private static TestDatabase postgresServer() {
		if (postgresServer != null) {
			return postgresServer;
		}
		String url = System.getenv(POSTGRES_URL_VARIABLE);
		if (url != null && !url.isBlank()) {
			postgresServer = new TestDatabase("PostgreSQL", url, envOr("AWTY_TEST_POSTGRES_USER", "postgres"),
					envOr("AWTY_TEST_POSTGRES_PASSWORD", ""));
		}
		else if (dockerAvailable()) {
			PostgreSQLContainer container = new PostgreSQLContainer("postgres:17-alpine");
			container.start();
			postgresServer = new TestDatabase("PostgreSQL", container.getJdbcUrl(), container.getUsername(),
					container.getPassword());
		}
		else {
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
				postgresServer = new TestDatabase("PostgreSQL", embedded.getJdbcUrl("postgres", "postgres"), "postgres", "");
			}
			catch (Exception ex) {
				throw new IllegalStateException("No PostgreSQL for the tests: " + POSTGRES_URL_VARIABLE
						+ " is not set, no Docker engine answered, and the embedded PostgreSQL failed to start. Set "
						+ POSTGRES_URL_VARIABLE + " to a reachable database.", ex);
			}
		}
		return postgresServer;
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
