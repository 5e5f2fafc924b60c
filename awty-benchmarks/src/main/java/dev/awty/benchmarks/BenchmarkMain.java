package dev.awty.benchmarks;

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
		}
		catch (IllegalArgumentException ex) {
			System.err.println(ex.getMessage());
			System.exit(2);
			return;
		}
		new Benchmark(options, String.join(" ", args)).run();
	}

}
