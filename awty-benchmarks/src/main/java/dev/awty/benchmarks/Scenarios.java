package dev.awty.benchmarks;

import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

import dev.awty.benchmarks.scenario.Scenario;
import dev.awty.benchmarks.scenario.ScenarioProvider;

/**
 * The scenarios that registered themselves ({@link ScenarioProvider}), by the names the command line gives them.
 */
final class Scenarios {

	private Scenarios() {
	}

	/** @throws IllegalArgumentException naming the scenarios there are, if none is called {@code name} */
	static Scenario named(String name) {
		return named(all(), name);
	}

	/** Fails as {@link #named} does for the first of {@code names} that no scenario has. */
	static void check(List<String> names) {
		Map<String, Scenario> all = all();
		names.forEach((name) -> named(all, name));
	}

	private static Scenario named(Map<String, Scenario> all, String name) {
		Scenario scenario = all.get(name);
		if (scenario == null) {
			throw new IllegalArgumentException(
					"unknown scenario '" + name + "'; the scenarios are: " + String.join(", ", all.keySet()));
		}
		return scenario;
	}

	static Map<String, Scenario> all() {
		Map<String, Scenario> byName = new TreeMap<>();
		for (ScenarioProvider provider : ServiceLoader.load(ScenarioProvider.class)) {
			for (Scenario scenario : provider.scenarios()) {
				Scenario other = byName.putIfAbsent(scenario.name(), scenario);
				if (other != null) {
					throw new IllegalStateException("Two scenarios are named '" + scenario.name() + "': "
							+ other.getClass().getName() + " and " + scenario.getClass().getName());
				}
			}
		}
		return byName;
	}

}
