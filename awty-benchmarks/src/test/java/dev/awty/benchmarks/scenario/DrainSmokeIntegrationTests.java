package dev.awty.benchmarks.scenario;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.TestBenchDatabase;
import dev.awty.benchmarks.report.Delivery;
import dev.awty.benchmarks.report.Results;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The benchmark's headline path at a tiny size, in seconds: awty with its defaults and the raw relay loop (the
 * anchor) drain the same rows on the tests' PostgreSQL, every row once, and the ratio line is written. The full
 * smoke runs of every scenario, {@code quick}, the brokers, limits and the soak are slower and run with
 * {@code -Pbenchmark-smoke} (docs/testing.md). No figure is asserted: a loaded CI machine says nothing about speed.
 */
class DrainSmokeIntegrationTests {

	@Test
	void awtyAndTheRelayLoopEachDeliverEveryRowOnceAndTheirRatioIsReported(@TempDir Path out) {
		BenchDatabase database = new BenchDatabase(TestBenchDatabase.postgres("drain").options().smoke(out));
		database.recreate();
		Results results = new Results();
		DrainScenario drain = new DrainScenario("drain", List.of(Results.AWTY, Results.RAW_RELAY));
		results.ran(drain.name(), drain::comparisons);

		drain.run(database, results);

		assertThat(results.deliveries()).extracting(Delivery::system).containsExactlyInAnyOrder(Results.AWTY,
				Results.RAW_RELAY);
		assertThat(results.deliveries()).allSatisfy((delivery) -> assertThat(delivery.exactlyOnce()).as(delivery.toString()).isTrue());
		assertThat(results.comparisons()).anySatisfy((line) -> assertThat(line).startsWith("drain awty/relay = "));
	}

}
