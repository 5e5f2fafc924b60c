package dev.awty.benchmarks;

import java.util.List;

import dev.awty.benchmarks.chaos.ChaosScenario;
import dev.awty.benchmarks.chaos.SoakScenario;
import dev.awty.benchmarks.report.Results;
import dev.awty.benchmarks.scenario.BrokerScenario;
import dev.awty.benchmarks.scenario.DrainScenario;
import dev.awty.benchmarks.scenario.HistoryScenario;
import dev.awty.benchmarks.scenario.LagScenario;
import dev.awty.benchmarks.scenario.LimitsScenario;
import dev.awty.benchmarks.scenario.QuickScenario;
import dev.awty.benchmarks.scenario.RecurringScenario;
import dev.awty.benchmarks.scenario.RescheduleScenario;
import dev.awty.benchmarks.scenario.Scenario;
import dev.awty.benchmarks.scenario.ScheduleScenario;
import dev.awty.benchmarks.scenario.VacuumStarvedScenario;

/**
 * Every scenario by the name the command line gives it: the one place that knows them all, above the scenarios and
 * the harness they run on.
 */
final class Scenarios {

	private Scenarios() {
	}

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

}
