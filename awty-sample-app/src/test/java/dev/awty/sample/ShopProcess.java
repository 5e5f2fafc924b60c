package dev.awty.sample;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.awty.testing.TestDatabase;

/**
 * The sample shop in a JVM of its own, so that a test can kill it like an operator's {@code kill -9}.
 */
final class ShopProcess implements AutoCloseable {

	private final Process process;

	private final int port;

	private final Path log;

	private ShopProcess(Process process, int port, Path log) {
		this.process = process;
		this.port = port;
		this.log = log;
	}

	static ShopProcess start(String name, TestDatabase database, String... properties) throws IOException {
		int port;
		try (ServerSocket socket = new ServerSocket(0)) {
			port = socket.getLocalPort();
		}
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-Xmx384m"));
		// The test JVM's own compiler and collector flags (awty.test.jvm in the parent POM): three shop JVMs with C2's
		// and G1's threads took the processor time that the databases and the other test JVMs needed.
		ManagementFactory.getRuntimeMXBean()
			.getInputArguments()
			.stream()
			.filter((argument) -> argument.startsWith("-XX:"))
			.forEach(command::add);
		command.addAll(List.of("-cp", System.getProperty("java.class.path"), ShopApplication.class.getName(),
				"--server.port=" + port,
				"--spring.datasource.url=" + database.url(), "--spring.datasource.username=" + database.username(),
				"--spring.datasource.password=" + database.password(), "--shop.demo=false", "--awty.instance-id=" + name,
				"--logging.level.dev.awty.sample.email=WARN", "--spring.profiles.include=test-fixtures"));
		for (String property : properties) {
			command.add("--" + property);
		}
		Path log = Path.of("target", "processes", name + ".log");
		Files.createDirectories(log.getParent());
		Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
		return new ShopProcess(process, port, log);
	}

	/** Waits until the shop answers HTTP; fails with the tail of its log if it died or took too long. */
	ShopProcess awaitReady(Duration timeout) throws Exception {
		HttpClient client = HttpClient.newHttpClient();
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			if (!this.process.isAlive()) {
				throw new IllegalStateException("shop process exited with " + this.process.exitValue() + ":\n" + tail());
			}
			try {
				HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(url("/stats"))).build(),
						HttpResponse.BodyHandlers.ofString());
				if (response.statusCode() == 200) {
					return this;
				}
			}
			catch (IOException ex) {
				// not listening yet
			}
			Thread.sleep(250);
		}
		throw new IllegalStateException("shop process not ready after " + timeout + ":\n" + tail());
	}

	String url(String path) {
		return "http://127.0.0.1:" + this.port + path;
	}

	/** Kills the JVM without any shutdown hook, as {@code kill -9} does. */
	void kill() throws InterruptedException {
		this.process.destroyForcibly().waitFor();
	}

	private String tail() throws IOException {
		List<String> lines = Files.readAllLines(this.log);
		return String.join(File.separator.equals("/") ? "\n" : "\r\n",
				lines.subList(Math.max(0, lines.size() - 40), lines.size()));
	}

	@Override
	public void close() throws InterruptedException {
		if (this.process.isAlive()) {
			this.process.destroy();
			this.process.waitFor();
		}
	}

}
