package dev.awty.benchmarks.harness;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;

/** The benchmark's database on the tests' PostgreSQL, in the schema the test kit gave it. */
public final class TestBenchDatabase {

	private static final Pattern SCHEMA = Pattern.compile("^(.*)[?&]currentSchema=([a-z0-9_]+)$");

	private TestBenchDatabase() {
	}

	/** A {@link BenchDatabase} for {@code scenario} on the test kit's PostgreSQL. */
	public static BenchDatabase postgres(String scenario) {
		TestDatabase test = TestDatabases.postgres();
		Matcher url = SCHEMA.matcher(test.url());
		assertThat(url.matches()).as("test database URL %s names its schema", test.url()).isTrue();
		return new BenchDatabase(Options.parse(scenario, "--url", url.group(1), "--user", test.username(), "--password",
				test.password(), "--schema", url.group(2)));
	}

}
