package dev.awty.benchmarks;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.benchmarks.chaos.PrivateCluster;
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
		context.put("java", System.getProperty("java.version"));
		context.put("database", database.queryString("SELECT version()"));
		context.put("server", server);
		context.put("server settings", database.serverSettings());
		context.put("awty table settings", database.awtyTableSettings());
		context.put("settings", "threads " + this.options.threads() + ", pool " + this.options.poolSize() + ", batch "
				+ this.options.batchSize() + ", poll interval " + this.options.pollInterval().toMillis() + " ms, repetitions "
				+ this.options.repetitions());
		Results results = new Results();
		long start = System.nanoTime();
		for (String name : this.options.scenarios()) {
			Scenario scenario = Scenario.named(name);
			long scenarioStart = System.nanoTime();
			scenario.run(database, results);
			logger.info(String.format("%s done in %.0f s", name, (System.nanoTime() - scenarioStart) / 1e9));
		}
		context.put("duration", String.format("%.0f s", (System.nanoTime() - start) / 1e9));
		ReportWriter report = new ReportWriter(results, context);
		report.print(System.out);
		report.write(this.options.output());
		System.out.println();
		System.out.println("results written to " + this.options.output().toAbsolutePath().normalize());
		return results;
	}

}
