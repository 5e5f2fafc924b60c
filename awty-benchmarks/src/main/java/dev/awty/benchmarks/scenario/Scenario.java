package dev.awty.benchmarks.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.report.Results;

/**
 * One scenario of the benchmark: runs every system it compares, each repetition in alternating order. Found by name
 * in {@code Scenarios}.
 */
public interface Scenario {

	String name();

	void run(BenchDatabase database, Results results);

	/** The lines of the report's comparisons this scenario writes from what {@code results} holds of it. */
	default List<String> comparisons(Results results) {
		return List.of();
	}

	/** The systems of repetition {@code repetition} (from 1): as given in odd ones, reversed in even ones. */
	static <T> List<T> order(List<T> systems, int repetition) {
		List<T> ordered = new ArrayList<>(systems);
		if (repetition % 2 == 0) {
			Collections.reverse(ordered);
		}
		return ordered;
	}

	/** Lets idle backends publish their statistics before the commit counter is read. */
	static void settle() {
		pause(Duration.ofMillis(500));
	}

	static void pause(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

}
