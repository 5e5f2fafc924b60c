package dev.awty.autoconfigure;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.util.ReflectionUtils;

import dev.awty.ScheduledEntity;
import dev.awty.history.DeliveryRecord;
import dev.awty.internal.web.dashboard.DashboardRoutes;
import dev.awty.internal.web.dashboard.DashboardRuntimeHints;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a native image of an application using awty keeps, by the hints awty registers.
 */
class AwtyRuntimeHintsTests {

	private final RuntimeHints hints = new RuntimeHints();

	@Test
	void hintsAreRegisteredThroughAotFactoriesSoEveryApplicationGetsThem() {
		assertThat(registrars()).hasAtLeastOneElementOfType(AwtyRuntimeHints.class)
			.hasAtLeastOneElementOfType(DashboardRuntimeHints.class);
	}

	@Test
	void keepsTheStarterChangelogAndTheDashboardPage() {
		registrars().forEach((registrar) -> registrar.registerHints(this.hints, getClass().getClassLoader()));
		assertThat(RuntimeHintsPredicates.resource().forResource("dev/awty/schema/awty-changelog.xml"))
			.accepts(this.hints);
		assertThat(RuntimeHintsPredicates.resource().forResource("dev/awty/dashboard/index.html")).accepts(this.hints);
	}

	@Test
	void keepsTheBaseColumnFieldsAndTheRecordsReadAndWrittenAsJson() throws Exception {
		registrars().forEach((registrar) -> registrar.registerHints(this.hints, getClass().getClassLoader()));
		ReflectionUtils.doWithLocalFields(ScheduledEntity.class, (field) -> assertThat(
				RuntimeHintsPredicates.reflection().onFieldAccess(field)).as(field.getName()).accepts(this.hints));
		assertThat(RuntimeHintsPredicates.reflection()
			.onConstructorInvocation(DashboardRoutes.ActionRequest.class.getDeclaredConstructors()[0]))
			.accepts(this.hints);
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(DeliveryRecord.class, "outcome"))
			.accepts(this.hints);
	}

	@Test
	void keepsAnEventClassesFieldsInItsHierarchyAndItsNoArgumentConstructor() throws Exception {
		AwtyRuntimeHints.registerEventClass(this.hints, TestPurchase.class);
		assertThat(RuntimeHintsPredicates.reflection()
			.onFieldAccess(TestPurchase.class.getDeclaredField("purchaseId"))).accepts(this.hints);
		assertThat(RuntimeHintsPredicates.reflection()
			.onFieldAccess(ScheduledEntity.class.getDeclaredField("dueAt"))).accepts(this.hints);
		assertThat(RuntimeHintsPredicates.reflection()
			.onConstructorInvocation(TestPurchase.class.getDeclaredConstructor())).accepts(this.hints);
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(TestPurchase.class, "getPurchaseId"))
			.accepts(this.hints);
	}

	/** The registrars of every module on the class path, as the AOT engine finds them. */
	private static List<RuntimeHintsRegistrar> registrars() {
		return SpringFactoriesLoader.forResourceLocation("META-INF/spring/aot.factories")
			.load(RuntimeHintsRegistrar.class);
	}

}
