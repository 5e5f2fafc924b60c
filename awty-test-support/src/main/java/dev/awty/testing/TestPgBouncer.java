package dev.awty.testing;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A PgBouncer of its own in transaction pooling mode in front of one PostgreSQL test schema, started from the binary
 * in {@code AWTY_TEST_PGBOUNCER}, else {@value #DEBIAN_BINARY}; fails naming the package to install when neither is
 * there. Every client connection shares one pool of {@link #POOL_SIZE} server connections, each with the test
 * schema on its search path (PgBouncer cannot pass {@code currentSchema} on per client in this mode).
 */
public final class TestPgBouncer implements AutoCloseable {

	public static final String BINARY_VARIABLE = "AWTY_TEST_PGBOUNCER";

	static final String DEBIAN_BINARY = "/usr/sbin/pgbouncer";

	/** Server connections PgBouncer opens to PostgreSQL for all its clients together. */
	public static final int POOL_SIZE = 6;

	private static final Pattern POSTGRES_URL = Pattern
		.compile("jdbc:postgresql://([^:/]+):(\\d+)/([^?]+)(?:\\?(.*))?");

	private static final String DATABASE_ALIAS = "awty";

	private static final String SERVERS_TABLE = "pgbouncer_server_connections";

	private final Process process;

	private final Path directory;

	private final int port;

	private final TestDatabase behind;

	private TestPgBouncer(Process process, Path directory, int port, TestDatabase behind) {
		this.process = process;
		this.directory = directory;
		this.port = port;
		this.behind = behind;
	}

	/** Starts a PgBouncer in transaction pooling mode in front of {@code postgres}, a schema of {@link TestDatabases#postgres()}. */
	public static TestPgBouncer inFrontOf(TestDatabase postgres) throws IOException, InterruptedException {
		File binary = binary();
		Matcher url = POSTGRES_URL.matcher(postgres.url());
		if (!url.matches()) {
			throw new IllegalStateException("Not a PostgreSQL URL PgBouncer can front: " + postgres.url());
		}
		String schema = currentSchema(url.group(4));
		Path directory = Files.createTempDirectory("awty-pgbouncer");
		int port = freePort();
		String ini = """
				[databases]
				%1$s = host=%2$s port=%3$s dbname=%4$s user=%5$s password=%6$s connect_query='SET search_path TO %7$s; INSERT INTO %10$s VALUES (pg_backend_pid())'
				[pgbouncer]
				listen_addr = 127.0.0.1
				listen_port = %8$d
				unix_socket_dir =
				auth_type = any
				pool_mode = transaction
				default_pool_size = %9$d
				max_client_conn = 200
				""".formatted(DATABASE_ALIAS, url.group(1), url.group(2), url.group(3), postgres.username(),
				postgres.password(), schema, port, POOL_SIZE, SERVERS_TABLE);
		postgres.execute("CREATE TABLE " + SERVERS_TABLE + " (pid INTEGER NOT NULL)");
		Path config = directory.resolve("pgbouncer.ini");
		Files.writeString(config, ini, StandardCharsets.UTF_8);
		Path log = directory.resolve("pgbouncer.log");
		// PgBouncer refuses to run as root: there it drops to nobody, who must read the configuration.
		Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwxr-xr-x"));
		Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-r--r--"));
		List<String> command = new ArrayList<>(List.of(binary.getPath()));
		if ("root".equals(System.getProperty("user.name"))) {
			command.addAll(List.of("-u", "nobody"));
		}
		command.add(config.toString());
		Process process = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		TestPgBouncer bouncer = new TestPgBouncer(process, directory, port, postgres);
		bouncer.awaitListening();
		return bouncer;
	}

	/** The database as clients of this PgBouncer reach it; {@code prepareThreshold=0} as transaction pooling needs. */
	public TestDatabase database() {
		return new TestDatabase("PostgreSQL through PgBouncer",
				"jdbc:postgresql://127.0.0.1:" + this.port + "/" + DATABASE_ALIAS + "?prepareThreshold=0",
				this.behind.username(), this.behind.password());
	}

	/** What PgBouncer logged so far. */
	public String log() throws IOException {
		return Files.readString(this.directory.resolve("pgbouncer.log"), StandardCharsets.UTF_8);
	}

	/**
	 * The channels each server connection of the pool listens on, read through PgBouncer by holding a transaction
	 * open on every one of them at once (each open transaction keeps its own server connection).
	 */
	public List<String> listeningChannelsOfPooledSessions() throws SQLException {
		List<Connection> connections = new ArrayList<>();
		List<String> channels = new ArrayList<>();
		TestDatabase database = database();
		try {
			for (int i = 0; i < POOL_SIZE; i++) {
				Connection connection = DriverManager.getConnection(database.url(), database.username(),
						database.password());
				connections.add(connection);
				connection.setAutoCommit(false);
				try (Statement statement = connection.createStatement();
						ResultSet rs = statement.executeQuery("SELECT pg_backend_pid(), pg_listening_channels()")) {
					while (rs.next()) {
						channels.add("pid " + rs.getInt(1) + ": " + rs.getString(2));
					}
				}
			}
			return channels;
		}
		finally {
			for (Connection connection : connections) {
				connection.rollback();
				connection.close();
			}
		}
	}

	/** The process ids of every server connection PgBouncer opened, recorded by each as it connected. */
	public Set<Integer> serverPids() {
		return Set.copyOf(this.behind.jdbc().queryForList("SELECT pid FROM " + SERVERS_TABLE, Integer.class));
	}

	@Override
	public void close() throws IOException, InterruptedException {
		this.process.destroy();
		if (!this.process.waitFor(10, TimeUnit.SECONDS)) {
			this.process.destroyForcibly();
		}
	}

	private static File binary() {
		String configured = System.getenv(BINARY_VARIABLE);
		File binary = new File((configured != null && !configured.isBlank()) ? configured : DEBIAN_BINARY);
		if (!binary.canExecute()) {
			throw new IllegalStateException("No PgBouncer at " + binary + ": install it (Debian/Ubuntu: apt-get install "
					+ "pgbouncer; the test starts its own, no service needed) or set " + BINARY_VARIABLE
					+ " to its binary");
		}
		return binary;
	}

	private static String currentSchema(String query) {
		if (query != null) {
			for (String parameter : query.split("&")) {
				if (parameter.startsWith("currentSchema=")) {
					return parameter.substring("currentSchema=".length());
				}
			}
		}
		return "public";
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

	private void awaitListening() throws IOException, InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
		while (System.nanoTime() < deadline) {
			if (!this.process.isAlive()) {
				throw new IllegalStateException("PgBouncer exited with " + this.process.exitValue() + ":\n" + log());
			}
			try (Socket socket = new Socket()) {
				socket.connect(new InetSocketAddress("127.0.0.1", this.port), 500);
				return;
			}
			catch (IOException ex) {
				Thread.sleep(100);
			}
		}
		close();
		throw new IllegalStateException("PgBouncer did not listen on port " + this.port + " within 20 s:\n" + log());
	}

}
