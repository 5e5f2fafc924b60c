package dev.awty.benchmarks.chaos;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * A throw-away PostgreSQL cluster of this scenario's own, under {@code /tmp/awty-chaos/<port>}, on a free
 * port, so that restarts and failovers never touch the server other work uses. Built with the installed
 * binaries ({@code AWTY_CHAOS_PG_BIN}, else {@code /usr/lib/postgresql/15/bin}) as the {@code postgres}
 * user when run as root; trust authentication on 127.0.0.1 only.
 */
final class PrivateCluster implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(PrivateCluster.class);

	private static final Path ROOT = Path.of("/tmp/awty-chaos");

	private static final String BIN = System.getenv().getOrDefault("AWTY_CHAOS_PG_BIN", "/usr/lib/postgresql/15/bin");

	/** Small and fast: no fsync (no machine crash is simulated, only PostgreSQL's own), replication allowed. */
	private static final String CONFIG = """

			# awty chaos scenario
			port = %d
			listen_addresses = '127.0.0.1'
			unix_socket_directories = '%s'
			max_connections = 100
			shared_buffers = 64MB
			fsync = off
			wal_level = replica
			max_wal_senders = 4
			hot_standby = on
			""";

	/** Only where to listen: every other setting PostgreSQL's default (fsync, autovacuum, shared_buffers), for the soak. */
	private static final String LISTEN_ONLY = """

			# awty soak scenario: PostgreSQL's defaults
			port = %d
			listen_addresses = '127.0.0.1'
			unix_socket_directories = '%s'
			""";

	private final int port;

	private final Path dir;

	private final Thread cleanUp = new Thread(this::close, "awty-chaos-cluster-clean-up");

	private PrivateCluster(int port) {
		this.port = port;
		this.dir = ROOT.resolve(String.valueOf(port));
		// a benchmark stopped halfway (Ctrl-C, a timeout) must not leave a server running
		Runtime.getRuntime().addShutdownHook(this.cleanUp);
	}

	/** A new primary, initialized and started. */
	static PrivateCluster primary() {
		return primary(CONFIG);
	}

	/** A new primary with PostgreSQL's default settings, initialized and started. */
	static PrivateCluster primaryWithDefaults() {
		return primary(LISTEN_ONLY);
	}

	private static PrivateCluster primary(String config) {
		PrivateCluster cluster = new PrivateCluster(freePort());
		try {
			cluster.prepare();
			cluster.run(BIN + "/initdb", "-D", cluster.dir.toString(), "-U", "postgres", "--auth=trust", "-E", "UTF8",
					"--no-sync");
			cluster.appendConfig(config.formatted(cluster.port, cluster.dir));
			cluster.start();
			return cluster;
		}
		catch (RuntimeException ex) {
			cluster.close();
			throw ex;
		}
	}

	/**
	 * A standby streaming from {@code primary} as {@code standby1}, which the primary then waits for on every
	 * commit (synchronous replication), started.
	 */
	static PrivateCluster synchronousStandbyOf(PrivateCluster primary) {
		PrivateCluster standby = new PrivateCluster(freePort());
		standby.prepare();
		standby.run(BIN + "/pg_basebackup", "-h", "127.0.0.1", "-p", String.valueOf(primary.port), "-U", "postgres",
				"-D", standby.dir.toString(), "-X", "stream", "-R", "--no-sync");
		try {
			standby.appendConfig(CONFIG.formatted(standby.port, standby.dir));
			// after what pg_basebackup -R wrote there, so that this one counts: the name the primary waits for
			standby.appendFile("postgresql.auto.conf", "primary_conninfo = 'host=127.0.0.1 port=" + primary.port
					+ " user=postgres application_name=standby1'\n");
			standby.start();
			primary.sql("ALTER SYSTEM SET synchronous_standby_names = 'standby1'", "SELECT pg_reload_conf()");
			long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
			while (!"sync".equals(primary.queryString(
					"SELECT sync_state FROM pg_stat_replication WHERE application_name = 'standby1'"))) {
				if (System.nanoTime() > deadline) {
					throw new IllegalStateException("standby on port " + standby.port + " never became synchronous");
				}
				ChaosScenario.pause(Duration.ofMillis(100));
			}
			return standby;
		}
		catch (RuntimeException ex) {
			standby.close();
			throw ex;
		}
	}

	int port() {
		return this.port;
	}

	String url() {
		return "jdbc:postgresql://127.0.0.1:" + this.port + "/postgres";
	}

	void start() {
		run(BIN + "/pg_ctl", "-D", this.dir.toString(), "-l", this.dir + ".log", "-w", "-t", "60", "start");
	}

	/** Stops the server: {@code fast} (clients disconnected, a clean shutdown) or {@code immediate} (a crash). */
	void stop(String mode) {
		run(BIN + "/pg_ctl", "-D", this.dir.toString(), "-m", mode, "-w", "-t", "60", "stop");
	}

	void restart() {
		run(BIN + "/pg_ctl", "-D", this.dir.toString(), "-l", this.dir + ".log", "-m", "fast", "-w", "-t", "60",
				"restart");
	}

	void promote() {
		run(BIN + "/pg_ctl", "-D", this.dir.toString(), "-w", "-t", "60", "promote");
	}

	/** Stops the server if it runs and deletes its files. */
	@Override
	public void close() {
		if (Thread.currentThread() != this.cleanUp) {
			try {
				Runtime.getRuntime().removeShutdownHook(this.cleanUp);
			}
			catch (IllegalStateException ex) {
				// the JVM is already shutting down: the hook runs anyway
			}
		}
		if (Files.exists(this.dir.resolve("postmaster.pid"))) {
			try {
				stop("immediate");
			}
			catch (RuntimeException ex) {
				logger.warn("could not stop the cluster on port " + this.port + ": " + ex.getMessage());
			}
		}
		delete(this.dir);
		delete(Path.of(this.dir + ".log"));
	}

	private void sql(String... statements) {
		try (Connection connection = DriverManager.getConnection(url(), "postgres", "postgres");
				Statement statement = connection.createStatement()) {
			for (String sql : statements) {
				statement.execute(sql);
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("SQL on the private cluster failed: " + ex.getMessage(), ex);
		}
	}

	private String queryString(String sql) {
		try (Connection connection = DriverManager.getConnection(url(), "postgres", "postgres");
				Statement statement = connection.createStatement();
				ResultSet rs = statement.executeQuery(sql)) {
			return rs.next() ? rs.getString(1) : "";
		}
		catch (SQLException ex) {
			throw new IllegalStateException("SQL on the private cluster failed: " + ex.getMessage(), ex);
		}
	}

	private void prepare() {
		try {
			Files.createDirectories(ROOT);
			delete(this.dir);
			if (root()) {
				run("chown", "postgres:postgres", ROOT.toString());
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot create " + ROOT, ex);
		}
	}

	private void appendConfig(String lines) {
		appendFile("postgresql.conf", lines);
	}

	private void appendFile(String name, String lines) {
		Path conf = this.dir.resolve(name);
		try {
			Files.writeString(conf, Files.readString(conf) + lines);
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot write " + conf, ex);
		}
	}

	private static boolean root() {
		return "root".equals(System.getProperty("user.name"));
	}

	/** Runs a command, as {@code postgres} when this JVM runs as root, failing with its output. */
	private void run(String... command) {
		List<String> line = new ArrayList<>();
		if (root() && !command[0].equals("chown")) {
			line.addAll(List.of("runuser", "-u", "postgres", "--"));
		}
		line.addAll(List.of(command));
		try {
			Process process = new ProcessBuilder(line).redirectErrorStream(true).start();
			String output = new String(process.getInputStream().readAllBytes());
			if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
				throw new IllegalStateException(String.join(" ", line) + " failed:\n" + output);
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot run " + String.join(" ", line), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

	private static void delete(Path path) {
		if (!Files.exists(path)) {
			return;
		}
		try (Stream<Path> files = Files.walk(path)) {
			for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(file);
			}
		}
		catch (IOException ex) {
			logger.warn("could not delete " + path + ": " + ex.getMessage());
		}
	}

	private static int freePort() {
		for (int port = 54_330; port < 54_400; port++) {
			if (Files.exists(ROOT.resolve(String.valueOf(port)))) {
				continue;
			}
			try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
				return port;
			}
			catch (IOException ex) {
				// taken: try the next one
			}
		}
		throw new IllegalStateException("no free port between 54330 and 54400 for a private PostgreSQL");
	}

}
