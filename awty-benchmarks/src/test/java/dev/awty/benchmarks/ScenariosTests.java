package dev.awty.benchmarks;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AssignableTypeFilter;

import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.scenario.Scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ScenariosTests {

	@Test
	void everyScenarioTheCommandLineOrAllNamesHasRegisteredItself() {
		Map<String, Scenario> all = Scenarios.all();

		assertThat(all).containsKeys(Options.ALL.toArray(String[]::new));
		assertThat(all).containsKeys(Options.CHAOS.toArray(String[]::new));
		assertThat(all).containsKeys("quick", "soak", "limits", "backlog", "broker-kafka", "broker-rabbit");
		assertThat(all).allSatisfy((name, scenario) -> assertThat(scenario.name()).isEqualTo(name));
	}

	@Test
	void everyScenarioClassOfTheModuleIsRegistered() {
		ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false);
		scanner.addIncludeFilter(new AssignableTypeFilter(Scenario.class));
		List<String> classes = scanner.findCandidateComponents("dev.awty.benchmarks")
			.stream()
			.map(BeanDefinition::getBeanClassName)
			.toList();
		List<String> registered = Scenarios.all().values().stream().map((s) -> s.getClass().getName()).toList();

		assertThat(classes).as("Scenario classes").isNotEmpty();
		assertThat(registered).as("classes of the registered scenarios").containsAll(classes);
	}

	@Test
	void anUnknownScenarioIsRefusedNamingTheScenariosThereAre() {
		assertThatIllegalArgumentException().isThrownBy(() -> Scenarios.check(List.of("drain", "chaos-meteor")))
			.withMessageContaining("unknown scenario 'chaos-meteor'")
			.withMessageContaining("chaos-failover")
			.withMessageContaining("drain, history");
	}

}
