package dev.awty.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fresh test databases: each call returns a new schema (PostgreSQL) or database (MariaDB, MySQL) or in-memory H2
 * database, so tests never see each other's tables. The servers they are created on are found once per JVM: from
 * the URL in {@value #POSTGRES_URL_VARIABLE}, {@value #MARIADB_URL_VARIABLE} or {@value #MYSQL_URL_VARIABLE}, else
 * a Testcontainers container when a Docker engine answers, else (PostgreSQL) an embedded PostgreSQL started from
 * Maven artifacts or (MariaDB) the server on this machine's port 3306.
 */
public final class TestDatabases {

	public static final String POSTGRES_URL_VARIABLE = "AWTY_TEST_POSTGRES_URL";

	public static final String MARIADB_URL_VARIABLE = "AWTY_TEST_MARIADB_URL";

	public static final String MYSQL_URL_VARIABLE = "AWTY_TEST_MYSQL_URL";

	/** The session time zone of MySQL and MariaDB test connections; the JVM's default zone differs from it too. */
	public static final String NON_UTC_SESSION_ZONE = "-07:00";

	private static final Pattern SERVER_URL = Pattern.compile("(jdbc:[a-z]+://[^/?]+)(?:/[^?]*)?(\\?.*)?");

	/** The drop statements to run at exit, by the URL of the server they are run on. */
	private static final Map<String, List<String>> dropsOnExit = new HashMap<>();

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
		TestDatabase server = TestDatabaseServers.postgres();
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
	 * A fresh database on MariaDB (MariaDB has no schemas inside a database); fails naming
	 * {@value #MARIADB_URL_VARIABLE} when no server answers. Connections use the session time zone
	 * {@value #NON_UTC_SESSION_ZONE}, so that a test passes only if awty's timestamps do not depend on it.
	 */
	public static synchronized TestDatabase mariadb() {
		return freshDatabase(TestDatabaseServers.mariadb(), "MariaDB", MARIADB_URL_VARIABLE,
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
		return freshDatabase(TestDatabaseServers.mysql(), "MySQL", MYSQL_URL_VARIABLE,
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
	private static void dropSchemaOnExit(TestDatabase server, String schema) {
		runOnExit(server, "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
	}

	private static void dropOnExit(TestDatabase server, String database) {
		runOnExit(server, "DROP DATABASE IF EXISTS " + database);
	}

	/**
	 * Runs {@code drop} when this JVM exits, one statement after another on one connection per server. A hook per
	 * database ran them all at once, a connection each: a JVM that had created a few hundred MariaDB databases took
	 * every connection the server allows (151) as it exited, which the test JVMs still running need too, and the
	 * drops refused for want of one left their databases behind (376 after a few runs).
	 */
	private static synchronized void runOnExit(TestDatabase server, String drop) {
		List<String> drops = dropsOnExit.computeIfAbsent(server.url(), (url) -> {
			List<String> statements = new CopyOnWriteArrayList<>();
			Runtime.getRuntime().addShutdownHook(new Thread(() -> {
				try (Connection connection = DriverManager.getConnection(server.url(), server.username(),
						server.password()); Statement statement = connection.createStatement()) {
					for (String each : statements) {
						try {
							statement.execute(each);
						}
						catch (SQLException ex) {
							// the JVM is exiting; a left-over test database only takes space (.ci/run drops them)
						}
					}
				}
				catch (SQLException ex) {
					// no connection: the same
				}
			}));
			return statements;
		});
		drops.add(drop);
	}

}
