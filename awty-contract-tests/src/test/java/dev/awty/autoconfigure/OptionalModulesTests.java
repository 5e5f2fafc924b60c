package dev.awty.autoconfigure;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.web.servlet.function.RouterFunction;

import dev.awty.autoconfigure.diagnostics.AwtyConfigurationFailureAnalyzer;
import dev.awty.autoconfigure.observability.AwtyObservabilityAutoConfiguration;
import dev.awty.autoconfigure.web.AwtyDashboardAutoConfiguration;
import dev.awty.internal.metrics.MicrometerDeliveryObserver;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.context.PurchaseConsumerConfiguration;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The wiring in an application that has the technology of an optional module but not the module: it starts and
 * delivers, says which dependency adds what is missing, and refuses a switched-on feature the module provides, or a
 * technology (JPA) awty would be wrong without.
 */
@ExtendWith(OutputCaptureExtension.class)
class OptionalModulesTests {

	private final TestDatabase database = TestDatabases.h2();

	@Test
	void theDashboardSwitchedOnWithoutAwtyWebFailsNamingTheDependencyToAdd() {
		this.database.execute(TestPurchase.TABLE_DDL);
		AwtyContexts.webConsuming(PurchaseConsumerConfiguration.class, this.database, new ReceivedEvents())
			.withConfiguration(AutoConfigurations.of(AwtyObservabilityAutoConfiguration.class,
					AwtyDashboardAutoConfiguration.class))
			.withClassLoader(new FilteredClassLoader("dev.awty.internal.web"))
			.withPropertyValues("awty.dashboard.enabled=true")
			.run((context) -> {
				FailureAnalysis analysis = new AwtyConfigurationFailureAnalyzer().analyze(context.getStartupFailure());
				assertThat(analysis.getDescription()).isEqualTo("awty is misconfigured: awty.dashboard.enabled=true "
						+ "needs the awty-web module, which is not on the class path");
				assertThat(analysis.getAction()).contains("Add the dependency dev.awty:awty-web");
			});
	}

	@Test
	void jpaWithoutAwtyJpaFailsNamingTheStarterThatBringsIt() {
		this.database.execute(TestPurchase.TABLE_DDL);
		AwtyContexts.purchases(this.database, new ReceivedEvents())
			.withClassLoader(new FilteredClassLoader("dev.awty.internal.jpa", "dev.awty.jpa"))
			.run((context) -> {
				FailureAnalysis analysis = new AwtyConfigurationFailureAnalyzer().analyze(context.getStartupFailure());
				assertThat(analysis.getDescription()).isEqualTo("awty is misconfigured: the application uses JPA but "
						+ "the awty-jpa module is not on the class path, so awty's statements would not flush what "
						+ "JPA still holds and a row scheduled beside repository.save(...) would break its foreign key");
				assertThat(analysis.getAction()).startsWith("Depend on dev.awty:awty-spring-boot-starter, which "
						+ "brings awty-jpa");
			});
	}

	@Test
	void aWebApplicationWithoutAwtyWebStartsWithoutTheDashboard() {
		this.database.execute(TestPurchase.TABLE_DDL);
		AwtyContexts.webConsuming(PurchaseConsumerConfiguration.class, this.database, new ReceivedEvents())
			.withConfiguration(AutoConfigurations.of(AwtyObservabilityAutoConfiguration.class,
					AwtyDashboardAutoConfiguration.class))
			.withClassLoader(new FilteredClassLoader("dev.awty.internal.web"))
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(DeliveryPollers.class);
				assertThat(context).doesNotHaveBean(RouterFunction.class);
			});
	}

	@Test
	void meterRegistryWithoutAwtyMicrometerStartsWithoutAwtysMetersAndSaysWhichDependencyAddsThem(
			CapturedOutput output) {
		this.database.execute(TestPurchase.TABLE_DDL);
		AwtyContexts.purchases(this.database, new ReceivedEvents())
			.withConfiguration(AutoConfigurations.of(AwtyObservabilityAutoConfiguration.class))
			.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
			.withClassLoader(new FilteredClassLoader("dev.awty.internal.metrics"))
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(DeliveryPollers.class);
				assertThat(context).doesNotHaveBean(MicrometerDeliveryObserver.class);
				assertThat(output).contains("add the dependency dev.awty:awty-micrometer to have them");
			});
	}

	@Test
	void withEveryModulePresentNothingIsLoggedAboutModules(CapturedOutput output) {
		this.database.execute(TestPurchase.TABLE_DDL);
		AwtyContexts.purchases(this.database, new ReceivedEvents())
			.withConfiguration(AutoConfigurations.of(AwtyObservabilityAutoConfiguration.class))
			.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
			.run((context) -> {
				assertThat(context).hasSingleBean(MicrometerDeliveryObserver.class);
				assertThat(output).doesNotContain("dev.awty:awty-");
			});
	}

}
