package dev.awty.benchmarks;

import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.report.Results;

/**
 * The command line: {@code ./mvnw -q -pl awty-benchmarks -am compile exec:java -Dexec.args="all"}.
 */
public final class BenchmarkMain {

	private BenchmarkMain() {
	}

	public static void main(String[] args) {
		Options options;
		try {
			options = Options.parse(args);
			Scenarios.check(options.scenarios());
		}
		catch (IllegalArgumentException ex) {
			System.err.println(ex.getMessage());
			System.exit(2);
			return;
		}
		Results results = new Benchmark(options, String.join(" ", args)).run();
		if (!results.failures().isEmpty()) {
			// the run went on past them (see Benchmark), but a script must still see that one failed
			System.err.println("failed: " + String.join("; ", results.failures()));
			System.exit(1);
		}
	}

}
