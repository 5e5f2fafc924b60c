package dev.awty.benchmarks.scenario;

import java.util.List;

/**
 * How a scenario registers itself with the benchmark: a provider, named in
 * {@code META-INF/services/dev.awty.benchmarks.scenario.ScenarioProvider}, offers its scenarios, and the command line
 * finds each by its {@link Scenario#name()}. No class lists them all.
 */
public interface ScenarioProvider {

	/** The scenarios this provider offers, each under its own name. */
	List<Scenario> scenarios();

}
