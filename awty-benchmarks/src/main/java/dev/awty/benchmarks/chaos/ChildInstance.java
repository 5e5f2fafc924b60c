package dev.awty.benchmarks.chaos;

import java.io.BufferedInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.harness.Receiver;

/**
 * A {@link ChaosChild} JVM on this benchmark's class path, whose deliveries are counted by the parent's
 * {@link Receiver}; killed with {@link Process#destroyForcibly()} (SIGKILL), as {@code kill -9} would.
 */
final class ChildInstance {

	private static final Log logger = LogFactory.getLog(ChildInstance.class);

	private final Process process;

	private final CountDownLatch ready = new CountDownLatch(1);

	private final AtomicLong delivered = new AtomicLong();

	private final Thread reader;

	/** The child's stdout: a file, not a pipe, so that nothing it wrote before SIGKILL can be lost in transit. */
	private final Path output;

	/** What becomes of a line that is neither a delivery nor {@code READY}. */
	private final Consumer<String> otherLines;

	private ChildInstance(Process process, Path output, String id, Receiver receiver, Consumer<String> otherLines) {
		this.process = process;
		this.output = output;
		this.otherLines = otherLines;
		this.reader = new Thread(() -> read(id, receiver), "chaos-child-" + id);
		this.reader.setDaemon(true);
		this.reader.start();
	}

	static ChildInstance start(String system, String id, Options options, Receiver receiver) {
		return start(system, id, options, receiver, (line) -> logger.info("child " + id + ": " + line));
	}

	/** A child whose lines other than deliveries and {@code READY} (the soak's memory figures) go to {@code otherLines}. */
	static ChildInstance start(String system, String id, Options options, Receiver receiver,
			Consumer<String> otherLines) {
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-Xmx384m", "-XX:TieredStopAtLevel=1", "-cp", classPath(), ChaosChild.class.getName(), system, id,
				"--url", options.url(), "--user", options.user(), "--password", options.password(), "--schema",
				options.schema(), "--threads", String.valueOf(options.threads()), "--pool",
				String.valueOf(options.poolSize()), "--batch", String.valueOf(options.batchSize()), "--poll-interval",
				String.valueOf(options.pollInterval().toMillis()), "--lease", String.valueOf(options.lease().toSeconds())));
		try {
			Path output = Files.createTempFile("awty-chaos-child-" + id + "-", ".out");
			Process process = new ProcessBuilder(command).redirectOutput(output.toFile())
				.redirectError(ProcessBuilder.Redirect.INHERIT)
				.start();
			return new ChildInstance(process, output, id, receiver, otherLines);
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot start a child JVM", ex);
		}
	}

	/** Waits until the child started; false if it did not within {@code timeout} or died. */
	boolean awaitReady(Duration timeout) {
		try {
			return this.ready.await(timeout.toMillis(), TimeUnit.MILLISECONDS) && this.process.isAlive();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	long delivered() {
		return this.delivered.get();
	}

	/** SIGKILL, then waits until every line it wrote was read. */
	void kill() {
		this.process.destroyForcibly();
		try {
			this.process.waitFor(30, TimeUnit.SECONDS);
			this.reader.join(10_000);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/** Follows the child's output file until the child is gone and every line it wrote was read. */
	private void read(String id, Receiver receiver) {
		try (InputStream in = new BufferedInputStream(Files.newInputStream(this.output))) {
			StringBuilder line = new StringBuilder();
			boolean exited = false;
			while (true) {
				int next = in.read();
				if (next < 0) {
					if (exited) {
						break;
					}
					// once it is gone, one more pass to the end of the file picks up its last lines
					exited = !this.process.isAlive();
					if (!exited) {
						ChaosScenario.pause(Duration.ofMillis(5));
					}
				}
				else if (next == '\n') {
					handle(line.toString(), id, receiver);
					line.setLength(0);
				}
				else {
					line.append((char) next);
				}
			}
		}
		catch (IOException | RuntimeException ex) {
			logger.warn("reading child " + id + " failed: " + ex.getMessage());
		}
		finally {
			try {
				Files.deleteIfExists(this.output);
			}
			catch (IOException ex) {
				logger.debug("could not delete " + this.output);
			}
		}
	}

	private void handle(String line, String id, Receiver receiver) {
		if (line.startsWith("D ")) {
			String[] parts = line.split(" ");
			receiver.receive(Long.parseLong(parts[1]), micros(Long.parseLong(parts[2])), micros(Long.parseLong(parts[3])));
			this.delivered.incrementAndGet();
		}
		else if (line.equals(ChaosChild.READY)) {
			this.ready.countDown();
		}
		else if (!line.isBlank()) {
			this.otherLines.accept(line);
		}
	}

	private static Instant micros(long micros) {
		return Instant.ofEpochSecond(micros / 1_000_000, (micros % 1_000_000) * 1000);
	}

	/**
	 * This JVM's class path: under {@code exec:java} the benchmark's classes come from the plugin's class
	 * loader, not from {@code java.class.path}, so that loader's URLs are used when it has them.
	 */
	private static String classPath() {
		Set<String> entries = new LinkedHashSet<>();
		if (ChildInstance.class.getClassLoader() instanceof URLClassLoader urls) {
			for (URL url : urls.getURLs()) {
				try {
					entries.add(Path.of(url.toURI()).toString());
				}
				catch (URISyntaxException | IllegalArgumentException ex) {
					// not a file: the child could not use it anyway
				}
			}
		}
		if (entries.isEmpty()) {
			return System.getProperty("java.class.path");
		}
		return String.join(File.pathSeparator, entries);
	}

}
