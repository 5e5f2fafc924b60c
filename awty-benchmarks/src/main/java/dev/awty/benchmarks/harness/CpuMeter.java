package dev.awty.benchmarks.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;

/**
 * The processor time the database server and this JVM spent, so that a scenario can say where a system's time per
 * event went: a throughput ratio moves by a third between runs on a shared machine, the time per event much less.
 * <p>
 * The server's time is read from {@code /proc}: its postmaster's, that of every process it started, and that of those
 * that ended (the postmaster's {@code cutime}, which the kernel adds to when it reaps a child). So it counts the
 * backends and the background processes (WAL writer, checkpointer, autovacuum). A server on another machine, or not
 * on Linux, has no figure. This JVM's time counts all its threads: the system under test, the JIT compilers and the
 * collector, and the harness's few statements.
 */
public final class CpuMeter {

	/** The kernel's clock ticks per second in {@code /proc/<pid>/stat}, {@code USER_HZ}: 100 on every Linux build. */
	private static final long TICKS_PER_SECOND = 100;

	private static final Path PROC = Path.of("/proc");

	private static final long SETTLE_MILLIS = 100;

	private static final int SETTLE_TRIES = 20;

	private final @Nullable Long postmaster;

	private CpuMeter(@Nullable Long postmaster) {
		this.postmaster = postmaster;
	}

	/** The meter for {@code database}'s server: a local one when its backend's parent is a {@code postgres} process. */
	public static CpuMeter of(BenchDatabase database) {
		// read while the connection is open: its backend ends with it
		try (Connection connection = database.connect();
				Statement statement = connection.createStatement();
				ResultSet rs = statement.executeQuery("SELECT pg_backend_pid()")) {
			rs.next();
			Stat backend = Stat.read(PROC.resolve(Long.toString(rs.getLong(1))));
			Stat parent = (backend != null && backend.command().equals("postgres"))
					? Stat.read(PROC.resolve(Long.toString(backend.parent()))) : null;
			return new CpuMeter((parent != null && parent.command().equals("postgres")) ? backend.parent() : null);
		}
		catch (SQLException ex) {
			throw new IllegalStateException("could not read the server's process: " + ex.getMessage(), ex);
		}
	}

	/** Whether the server's time can be read: it runs on this machine, in this machine's process namespace. */
	public boolean readsServer() {
		return this.postmaster != null;
	}

	/**
	 * The time spent so far; the server's is {@code -1} where it cannot be read. Take it when the work measured is
	 * done: the server's figure is read once it stays the same for {@value #SETTLE_MILLIS} ms (at most
	 * {@value #SETTLE_TRIES} times that), since a backend whose connection just closed is for a while neither among
	 * the server's processes nor in its {@code cutime} (seen here: a query's 0.7 s missing right after the close,
	 * there 300 ms later).
	 */
	public Sample sample() {
		long server = serverNanos();
		for (int tries = 0; server >= 0 && tries < SETTLE_TRIES; tries++) {
			try {
				Thread.sleep(SETTLE_MILLIS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				break;
			}
			long again = serverNanos();
			if (again == server) {
				break;
			}
			server = again;
		}
		return new Sample(server, jvmNanos());
	}

	private long serverNanos() {
		if (this.postmaster == null) {
			return -1;
		}
		Stat postmaster = Stat.read(PROC.resolve(Long.toString(this.postmaster)));
		if (postmaster == null) {
			return -1;
		}
		long ticks = postmaster.ownTicks() + postmaster.endedChildrenTicks();
		try (Stream<Path> processes = Files.list(PROC)) {
			// Stat.read skips a process that ends while the list is read
			ticks += processes.filter((path) -> path.getFileName().toString().chars().allMatch(Character::isDigit))
				.map(Stat::read)
				.filter((stat) -> stat != null && stat.parent() == this.postmaster)
				.mapToLong(Stat::ownTicks)
				.sum();
		}
		catch (IOException | UncheckedIOException ex) {
			return -1;
		}
		return ticks * 1_000_000_000L / TICKS_PER_SECOND;
	}

	private static long jvmNanos() {
		if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
			return os.getProcessCpuTime();
		}
		return -1;
	}

	/** Processor time, in nanoseconds, at one moment; {@code -1} where unknown. */
	public record Sample(long serverNanos, long jvmNanos) {

		/** The server's microseconds per event since {@code before}; NaN where unknown. */
		public double serverMicrosPerEvent(Sample before, long events) {
			return perEvent(before.serverNanos, this.serverNanos, events);
		}

		/** This JVM's microseconds per event since {@code before}; NaN where unknown. */
		public double jvmMicrosPerEvent(Sample before, long events) {
			return perEvent(before.jvmNanos, this.jvmNanos, events);
		}

		private static double perEvent(long from, long to, long events) {
			return (from < 0 || to < 0 || events <= 0) ? Double.NaN : (to - from) / 1e3 / events;
		}

	}

	/**
	 * The fields of {@code /proc/<pid>/stat} used here. The command is in parentheses and may hold spaces, so the
	 * fields are counted from the last closing parenthesis.
	 */
	record Stat(String command, long parent, long ownTicks, long endedChildrenTicks) {

		static @Nullable Stat read(Path process) {
			try {
				return parse(Files.readString(process.resolve("stat")));
			}
			catch (IOException | RuntimeException ex) {
				// the process ended meanwhile, or is not ours to read
				return null;
			}
		}

		static Stat parse(String line) {
			int open = line.indexOf('(');
			int close = line.lastIndexOf(')');
			String[] fields = line.substring(close + 2).trim().split(" ");
			// fields[0] is the state (field 3 of proc(5)): field n is fields[n - 3]
			return new Stat(line.substring(open + 1, close), Long.parseLong(fields[1]),
					Long.parseLong(fields[11]) + Long.parseLong(fields[12]),
					Long.parseLong(fields[13]) + Long.parseLong(fields[14]));
		}

	}

}
