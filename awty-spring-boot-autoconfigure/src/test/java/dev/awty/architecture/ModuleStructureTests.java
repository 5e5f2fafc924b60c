package dev.awty.architecture;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shape of every module's main code, read from its sources: no package cycle (including the ones bytecode
 * hides), no package over 25 classes, one module per package, and the direction between modules: the core names
 * neither the wiring nor an integration module (its POM has no Spring Boot to name), and no module but the test kit
 * names the wiring.
 */
class ModuleStructureTests {

	private static final SourcePackages SOURCES = SourcePackages.read(SourcePackages.projectRoot());

	private static final List<String> INTEGRATION_MODULES = List.of("awty-jpa", "awty-web", "awty-amqp", "awty-kafka",
			"awty-micrometer");

	@Test
	void everyModuleIsRead() {
		assertThat(SOURCES.modulesByPackage().values().stream().flatMap(Set::stream).distinct())
			.contains("awty-core", "awty-spring-boot-autoconfigure", "awty-test", "awty-test-support", "awty-benchmarks",
					"awty-sample-app")
			.containsAll(INTEGRATION_MODULES);
	}

	@Test
	void packagesFormNoCycle() {
		assertThat(SOURCES.cycles()).as("packages that depend on each other, with the file that makes each edge")
			.isEmpty();
	}

	@Test
	void noPackageHasMoreThanTwentyFiveClasses() {
		Map<String, Integer> large = new TreeMap<>();
		SOURCES.classCounts().forEach((pkg, count) -> {
			if (count > 25) {
				large.put(pkg, count);
			}
		});
		assertThat(large).as("packages over 25 classes: split them by feature").isEmpty();
	}

	/** A reader opening a package, or its javadoc, learns what it is for before reading its classes. */
	@Test
	void everyPackageOfTheLibraryTheTestKitAndTheBenchmarksSaysWhatItIs() {
		List<String> modules = new ArrayList<>(List.of("awty-core", "awty-spring-boot-autoconfigure", "awty-test",
				"awty-benchmarks"));
		modules.addAll(INTEGRATION_MODULES);
		for (String module : modules) {
			assertThat(SOURCES.undocumentedIn(module)).as("packages of %s without a package-info.java", module).isEmpty();
		}
	}

	@Test
	void eachPackageLivesInOneModule() {
		Map<String, Set<String>> split = new TreeMap<>();
		SOURCES.modulesByPackage().forEach((pkg, modules) -> {
			if (modules.size() > 1) {
				split.put(pkg, modules);
			}
		});
		assertThat(split).as("packages whose classes are spread over modules").isEmpty();
	}

	@Test
	void theCoreKnowsNoWiringAndNoIntegrationModule() {
		assertThat(SOURCES.referencesFrom("awty-core", "dev.awty.autoconfigure")).isEmpty();
		for (String integration : List.of("dev.awty.jpa", "dev.awty.internal.jpa", "dev.awty.internal.web",
				"dev.awty.integration.amqp", "dev.awty.integration.kafka", "dev.awty.internal.metrics")) {
			assertThat(SOURCES.referencesFrom("awty-core", integration)).as(integration).isEmpty();
		}
	}

	/** awty-web's packages are named after it, and its REST API of schedules names nothing of the dashboard. */
	@Test
	void theWebModulesPackagesAreNamedAfterItAndItsScheduleApiKnowsNoDashboard() {
		SOURCES.modulesByPackage().forEach((pkg, modules) -> {
			if (modules.contains("awty-web")) {
				assertThat(pkg).as("a package of awty-web").startsWith("dev.awty.internal.web");
			}
		});
		assertThat(SOURCES.referencesFrom("awty-web", "dev.awty.internal.web.dashboard"))
			.noneMatch((reference) -> reference.contains("(dev.awty.internal.web.schedules)"));
	}

	@Test
	void theTestKitTheExamplesAndTheBenchmarksUseOnlyPublishedTypes() {
		for (String module : List.of("awty-test", "awty-sample-app", "awty-example-flyway", "awty-example-jpa",
				"awty-example-two-datasources", "awty-benchmarks")) {
			assertThat(SOURCES.referencesFrom(module, "dev.awty.internal")).as(module).isEmpty();
		}
	}

	/**
	 * The wiring's classes are Spring Boot's to start, not a module's to name: only the test kit ({@code awty-test})
	 * and the tests' fixtures ({@code awty-test-support}, whose contexts start the wiring's configurations one by one)
	 * name them. The sample and the examples are held to it too: they show what a service codes against, which is
	 * the starter and its {@code awty.*} properties, not the classes behind them.
	 */
	@Test
	void noModuleButTheWiringAndTheTestKitNamesTheWiring() {
		Set<String> wiringAndTestKit = Set.of("awty-spring-boot-autoconfigure", "awty-test", "awty-test-support");
		SOURCES.modulesByPackage().values().stream().flatMap(Set::stream).distinct()
			.filter((module) -> !wiringAndTestKit.contains(module))
			.forEach((module) -> assertThat(SOURCES.referencesFrom(module, "dev.awty.autoconfigure")).as(module).isEmpty());
	}

	/**
	 * docs/layout.md draws the modules as a reader should picture them: each arrow of its drawing is a dependency a
	 * module's POM declares (dotted where it is optional), and each such dependency between drawn modules is an
	 * arrow; test-scoped ones are left out.
	 */
	@Test
	void theLayoutDrawingHasAnArrowForEachDependencyOfTheModulePoms() {
		Path root = SourcePackages.projectRoot();
		LayoutDrawing drawing = LayoutDrawing.read(root.resolve("docs/layout.md"));
		assertThat(drawing.modules()).contains("awty-core", "awty-spring-boot-autoconfigure", "awty-spring-boot-starter")
			.containsAll(INTEGRATION_MODULES);
		assertThat(drawing.arrows()).as("docs/layout.md's arrows against the POMs' dependencies")
			.containsExactlyInAnyOrderElementsOf(LayoutDrawing.arrowsOfThePoms(root, drawing.modules()));
	}

	/**
	 * The wiring names an optional module's classes only in the feature package whose configuration is conditional on
	 * that module: anywhere else (the main auto-configuration, the AOT hints) a missing module would fail start-up or
	 * the build's AOT processing.
	 */
	@Test
	void theWiringNamesAnOptionalModuleOnlyWhereItIsConditionalOnIt() {
		Map<String, String> guardedBy = Map.of("dev.awty.internal.jpa", "dev.awty.autoconfigure.jpa", "dev.awty.jpa",
				"dev.awty.autoconfigure.jpa", "dev.awty.internal.web", "dev.awty.autoconfigure.web",
				"dev.awty.integration.kafka", "dev.awty.autoconfigure.kafka", "dev.awty.internal.metrics",
				"dev.awty.autoconfigure.observability");
		guardedBy.forEach((optional, feature) -> assertThat(
				SOURCES.referencesFrom("awty-spring-boot-autoconfigure", optional))
			.as(optional)
			.allMatch((reference) -> reference.contains("(" + feature + ")")));
	}

}
