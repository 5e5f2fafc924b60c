package dev.awty.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.report.Delivery;
import dev.awty.benchmarks.report.ReportWriter;
import dev.awty.benchmarks.report.Results;
import dev.awty.testing.TestRabbit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs {@code quick} at a tiny size the way a user runs the benchmark, without {@code --url}: on a private
 * PostgreSQL cluster with PostgreSQL's defaults (the installed binaries, {@code AWTY_CHAOS_PG_BIN}), which the run
 * starts and deletes; the embedded Kafka. No figure is asserted: a loaded CI machine says nothing about speed.
 */
@Tag("benchmark-smoke")
class QuickBenchmarkIntegrationTests {

	@Test
	void quickRunsOnAPrivateClusterWithPostgresDefaultsAndPrintsItsSettingsAndTheHeadlineRatios(@TempDir Path out)
			throws Exception {
		TestRabbit.uri();
		Options options = Options.parse("quick").smoke(out);

		Results results = new Benchmark(options, "quick (smoke)").run();

		assertThat(results.deliveries()).extracting(Delivery::system)
			.contains(Results.AWTY, Results.RAW_RELAY, Results.RAW_CLAIM_MARK, "kafka " + Results.BROKER_RELAY, "kafka " + Results.AWTY);
		assertThat(results.deliveries()).allSatisfy((delivery) -> assertThat(delivery.exactlyOnce()).as(delivery.toString()).isTrue());
		assertThat(results.comparisons()).anySatisfy((line) -> assertThat(line).startsWith("quick drain awty/relay = "))
			.anySatisfy((line) -> assertThat(line).startsWith("quick lag p99 awty = "))
			.anySatisfy((line) -> assertThat(line).startsWith("quick broker kafka awty/relay = "));
		assertThat(Files.readString(out.resolve(ReportWriter.MARKDOWN)))
			.contains("- server: `a private cluster with PostgreSQL's default settings")
			.contains("- server settings: `autovacuum on (naptime 1min, vacuum scale factor 0.2 + 50 rows",
					"synchronous_commit on, fsync on, shared_buffers 128MB, max_connections 100`");
	}

}
