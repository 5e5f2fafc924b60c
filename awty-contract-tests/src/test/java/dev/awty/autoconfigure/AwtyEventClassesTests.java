package dev.awty.autoconfigure;

import org.junit.jupiter.api.Test;

import dev.awty.AwtyConfigurationException;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The event classes recorded when an application was processed ahead of time, as awty loads them at start-up.
 */
class AwtyEventClassesTests {

	@Test
	void loadsTheRecordedClasses() {
		assertThat(AwtyEventClasses.recorded(TestPurchase.class.getName()).load(getClass().getClassLoader()))
			.containsExactly(TestPurchase.class);
	}

	@Test
	void failsAtStartupNamingAClassRecordedAtBuildTimeThatIsGoneAndAskingToProcessAgain() {
		assertThatExceptionOfType(AwtyConfigurationException.class)
			.isThrownBy(() -> AwtyEventClasses.recorded("com.example.RenamedReminder").load(getClass().getClassLoader()))
			.withMessage("@ScheduledEvent class com.example.RenamedReminder, found when the application was processed"
					+ " ahead of time, is not on the class path")
			.satisfies((failure) -> assertThat(failure.getAction())
				.startsWith("Process the application ahead of time again (spring-boot:process-aot"));
	}

}
