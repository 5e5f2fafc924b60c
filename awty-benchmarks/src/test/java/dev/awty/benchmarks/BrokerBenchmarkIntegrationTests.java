package dev.awty.benchmarks;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.report.Delivery;
import dev.awty.benchmarks.report.Results;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.TestRabbit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the broker scenario at a tiny size on PostgreSQL, the test RabbitMQ and an embedded Kafka, so the
 * harness keeps working. No figure is asserted: a loaded CI machine says nothing about speed.
 */
@Tag("benchmark-smoke")
class BrokerBenchmarkIntegrationTests {

	private static final Pattern SCHEMA = Pattern.compile("^(.*)[?&]currentSchema=([a-z0-9_]+)$");

	@Test
	void brokerScenarioDeliversEveryRowExactlyOnceThroughBothBrokersAndComparesAwtyWithTheRawLoopAndTheRelay(@TempDir Path out) {
		TestRabbit.uri();
		TestDatabase database = TestDatabases.postgres();
		Matcher url = SCHEMA.matcher(database.url());
		assertThat(url.matches()).as("test database URL %s names its schema", database.url()).isTrue();
		Options options = Options
			.parse("broker", "--url", url.group(1), "--user", database.username(), "--password", database.password(),
					"--schema", url.group(2))
			.smoke(out);

		Results results = new Benchmark(options, "broker (smoke)").run();

		List<Delivery> deliveries = results.deliveries();
		assertThat(deliveries).extracting(Delivery::system)
			.contains("kafka raw template", "kafka raw outbox relay", "kafka awty skip-locked", "kafka awty leader",
					"kafka awty skip-locked history none", "rabbit raw template", "rabbit raw outbox relay",
					"rabbit awty skip-locked", "rabbit awty leader");
		assertThat(deliveries).allSatisfy((delivery) -> assertThat(delivery.exactlyOnce()).as(delivery.toString()).isTrue());
		assertThat(results.comparisons()).anySatisfy((line) -> assertThat(line).startsWith("broker kafka awty/raw = "))
			.anySatisfy((line) -> assertThat(line).startsWith("broker rabbit awty/raw = "))
			.anySatisfy((line) -> assertThat(line).startsWith("broker kafka awty/relay = "))
			.anySatisfy((line) -> assertThat(line).startsWith("broker rabbit awty/relay = "));
		assertThat(results.targets())
			.anySatisfy((line) -> assertThat(line).startsWith("target broker kafka awty/raw, skip-locked (#29, #48): "))
			.anySatisfy((line) -> assertThat(line)
				.startsWith("target broker kafka awty/relay, skip-locked history none (#48): "))
			.anySatisfy((line) -> assertThat(line).startsWith("target broker rabbit commits per event"));
	}

}
