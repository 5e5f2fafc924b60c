package dev.awty.benchmarks;

import java.time.Instant;
import java.lang.management.ManagementFactory;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.benchmarks.broker.BrokerReach;
import dev.awty.benchmarks.chaos.PrivateCluster;
import dev.awty.benchmarks.harness.AllPlan;
import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.report.ReportWriter;
import dev.awty.benchmarks.report.Results;
import dev.awty.benchmarks.scenario.Scenario;

/**
 * Runs the chosen scenarios on a fresh schema and writes the report.
 */
public final class Benchmark {

	private static final Log logger = LogFactory.getLog(Benchmark.class);

	private final Options options;

	private final String command;

	public Benchmark(Options options, String command) {
		this.options = options;
		this.command = command;
	}

	/** Runs on the server {@code --url} names, else on a private cluster started for the run and deleted after it. */
	public Results run() {
		if (this.options.url() != null) {
			return run(new BenchDatabase(this.options), "the server at " + this.options.url() + " as it is configured");
		}
		try (PrivateCluster cluster = PrivateCluster.productionLike()) {
			return run(new BenchDatabase(this.options.withUrl(cluster.url())),
					"a private cluster with PostgreSQL's default settings, started for this run (" + cluster.url() + ")");
		}
	}

	private Results run(BenchDatabase database, String server) {
		database.recreate();
		Map<String, String> context = new LinkedHashMap<>();
		context.put("command", this.command);
		context.put("date", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
		context.put("cores", String.valueOf(Runtime.getRuntime().availableProcessors()));
		context.put("memory", memory());
		context.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
				+ System.getProperty("os.arch"));
		context.put("java", System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")");
		context.put("database", database.queryString("SELECT version()"));
		context.put("server", server);
		context.put("server settings", database.serverSettings());
		context.put("table settings (awty's and the raw loops' tables)", database.tableSettings());
		context.put("settings", "threads " + this.options.threads() + ", pool " + this.options.poolSize() + ", batch "
				+ this.options.batchSize() + ", poll interval " + this.options.pollInterval().toMillis() + " ms, repetitions "
				+ this.options.repetitions());
		String steps = AllPlan.describe(this.options);
		if (!steps.isEmpty()) {
			context.put("timed steps", steps);
		}
		System.out.println();
		context.forEach((key, value) -> System.out.println(key + ": " + value));
		Results results = new Results();
		List<String> elapsed = new ArrayList<>();
		long start = System.nanoTime();
		for (String name : this.options.scenarios()) {
			if (this.options.all() && name.equals("broker")) {
				Optional<String> why = BrokerReach.whyNot();
				if (why.isPresent()) {
					String skipped = "broker skipped: " + why.get() + "; its targets are not judged";
					System.out.println(skipped);
					context.merge("skipped", skipped, (a, b) -> a + "; " + b);
					continue;
				}
			}
			Scenario scenario = Scenarios.named(name);
			BenchDatabase step = new BenchDatabase(AllPlan.step(name, database.options()));
			results.ran(name, scenario::comparisons);
			long scenarioStart = System.nanoTime();
			try {
				scenario.run(step, results);
			}
			catch (RuntimeException ex) {
				if (this.options.scenarios().size() == 1) {
					throw ex;
				}
				// one scenario's failure must not cost the other thirty minutes of an all run: its targets are missed
				logger.error(name + " failed", ex);
				results.failed(name, ex.toString());
			}
			String took = String.format("%s %.0f s", name, (System.nanoTime() - scenarioStart) / 1e9);
			elapsed.add(took);
			System.out.println("elapsed " + took);
		}
		context.put("duration", String.format("%.0f s", (System.nanoTime() - start) / 1e9));
		context.put("elapsed per scenario", String.join(", ", elapsed));
		if (!results.failures().isEmpty()) {
			context.put("failed", String.join("; ", results.failures()));
		}
		ReportWriter report = new ReportWriter(results, context);
		report.print(System.out);
		report.write(this.options.output());
		System.out.println();
		System.out.println("results written to " + this.options.output().toAbsolutePath().normalize());
		System.out.println(results.targetSummary());
		return results;
	}

	/** The machine's memory, as the JVM sees it, for the header. */
	private static String memory() {
		if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
			return String.format("%.1f GiB", os.getTotalMemorySize() / (1024.0 * 1024 * 1024));
		}
		return "unknown";
	}

}
