package dev.awty.benchmarks.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import dev.awty.benchmarks.BenchDatabase;
import dev.awty.benchmarks.chaos.ChaosScenario;
import dev.awty.benchmarks.chaos.SoakScenario;
import dev.awty.benchmarks.report.Results;

/** One scenario of the benchmark: runs every system it compares, each repetition in alternating order. */
public interface Scenario {

	String name();

	void run(BenchDatabase database, Results results);

	static Scenario named(String name) {
		return switch (name) {
			case "drain" -> new DrainScenario();
			case "lag" -> new LagScenario(false);
			case "lag-5000" -> new LagScenario("lag-5000", false, List.of(Results.AWTY));
			case "backlog" -> new LagScenario(true);
			case "schedule" -> new ScheduleScenario();
			case "reschedule" -> new RescheduleScenario();
			case "recurring" -> new RecurringScenario();
			case "history" -> new HistoryScenario();
			case "limits" -> new LimitsScenario();
			case "broker" -> new BrokerScenario(null);
			case "broker-kafka" -> new BrokerScenario("kafka");
			case "broker-rabbit" -> new BrokerScenario("rabbit");
			case "quick" -> new QuickScenario();
			case "vacuum-starved" -> new VacuumStarvedScenario();
			case SoakScenario.NAME -> new SoakScenario();
			default -> ChaosScenario.named(name);
		};
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
