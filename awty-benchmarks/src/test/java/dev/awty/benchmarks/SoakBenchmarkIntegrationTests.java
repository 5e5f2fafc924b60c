package dev.awty.benchmarks;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.awty.benchmarks.chaos.SoakScenario;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.report.Results;
import dev.awty.benchmarks.report.Summary;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the {@code soak} scenario for one minute with one kill and one PostgreSQL restart, on a private cluster of
 * its own (the shared server is never restarted): no event lost, duplicates within the documented crash bound. At 300
 * events a second rather than 1,000, so that its three JVMs take less of the CPU the rest of the suite needs.
 * Lag, heap and table growth are reported, not asserted: a minute on a loaded CI machine says nothing about them.
 */
@Tag("benchmark-smoke")
class SoakBenchmarkIntegrationTests {

	private static final Pattern SCHEMA = Pattern.compile("^(.*)[?&]currentSchema=([a-z0-9_]+)$");

	@Test
	void aMinuteWithOneKillAndAPostgresRestartLosesNoEventAndDuplicatesWithinTheCrashBound(@TempDir Path out) {
		TestDatabase database = TestDatabases.postgres();
		Matcher url = SCHEMA.matcher(database.url());
		assertThat(url.matches()).as("test database URL %s names its schema", database.url()).isTrue();
		Options options = Options.parse("soak", "--url", url.group(1), "--user", database.username(), "--password",
				database.password(), "--schema", url.group(2), "--duration", "60", "--rate", "300", "--kill-interval", "40",
				"--report-interval", "15", "--schedules", "1200", "--lease", "5", "--out", out.toString());

		Results results = new Benchmark(options, "soak (smoke)").run();

		assertThat(figure(results, "kills")).isEqualTo(1);
		assertThat(figure(results, "PostgreSQL restarts")).isEqualTo(1);
		assertThat(figure(results, "lost")).isZero();
		assertThat(figure(results, "duplicates")).isLessThanOrEqualTo(figure(results, "duplicate bound"));
		assertThat(figure(results, "duplicate bound")).isPositive();
	}

	private static double figure(Results results, String metric) {
		return results.find(SoakScenario.NAME, SoakScenario.SYSTEM, metric)
			.map(Summary::max)
			.orElseThrow(() -> new AssertionError("the soak recorded no '" + metric + "'"));
	}

}
