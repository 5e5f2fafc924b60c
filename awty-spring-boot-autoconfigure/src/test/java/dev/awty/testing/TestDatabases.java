package dev.awty.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * Where test databases come from. PostgreSQL, in order: the URL in {@code AWTY_TEST_POSTGRES_URL}, a
 * Testcontainers container when a Docker engine answers, an embedded PostgreSQL started from Maven
 * artifacts. Each call returns a fresh schema, so test classes never see each other's tables.
 */
public final class TestDatabases {

	public static final String POSTGRES_URL_VARIABLE = "AWTY_TEST_POSTGRES_URL";

	private static TestDatabase postgresServer;

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
