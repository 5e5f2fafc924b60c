package dev.awty.benchmarks;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.report.Results;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the {@code limits} scenario at a tiny size on PostgreSQL (or with {@code -Dawty.benchmarks.limits-args="--rate
 * 100 --duration 60"} at that size), so that it keeps working. The rate is reported, not asserted; that no customer
 * had two rows in flight is.
 */
class LimitsBenchmarkIntegrationTests {

	private static final Pattern SCHEMA = Pattern.compile("^(.*)[?&]currentSchema=([a-z0-9_]+)$");

	@Test
	void limitsScenarioReportsTheRateAndNeverTwoRowsOfOneCustomerInFlight(@TempDir Path out) {
		TestDatabase database = TestDatabases.postgres();
		Matcher url = SCHEMA.matcher(database.url());
		assertThat(url.matches()).as("test database URL %s names its schema", database.url()).isTrue();
		List<String> args = new ArrayList<>(List.of("limits", "--url", url.group(1), "--user", database.username(),
				"--password", database.password(), "--schema", url.group(2), "--out", out.toString()));
		String sized = System.getProperty("awty.benchmarks.limits-args");
		Options options = Options.parse(args.toArray(String[]::new));
		if (sized != null) {
			args.addAll(List.of(sized.trim().split("\\s+")));
			options = Options.parse(args.toArray(String[]::new));
		}
		else {
			options = options.smoke(out);
		}

		Results results = new Benchmark(options, String.join(" ", args)).run();

		assertThat(results.find("limits", "awty x3 limited", "rate/limit")).isPresent();
		assertThat(results.find("limits", "awty x3 limited", "most in flight per key"))
			.hasValueSatisfying((most) -> assertThat(most.max()).isEqualTo(1));
	}

}
