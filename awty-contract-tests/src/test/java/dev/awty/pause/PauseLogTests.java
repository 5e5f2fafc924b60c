package dev.awty.pause;


import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import dev.awty.TypePauses;
import dev.awty.audit.OperatorAudit;
import dev.awty.autoconfigure.observability.AwtyEndpoint;
import dev.awty.autoconfigure.observability.AwtyObservabilityAutoConfiguration;
import dev.awty.spi.CurrentOperator;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every pause and resume writes one log line naming the operator as the audit entry names them, whichever way it
 * came: the actuator without Spring Security (anonymous), or a service's own {@link CurrentOperator}.
 */
@ExtendWith(OutputCaptureExtension.class)
class PauseLogTests {

	private final TestDatabase database = TestDatabases.h2();

	@Test
	void aPauseThroughTheActuatorIsLoggedNamingTheAnonymousOperatorAsTheAuditDoes(CapturedOutput output) {
		this.database.execute(TestPurchase.TABLE_DDL);
		AwtyContexts.purchases(this.database, new ReceivedEvents())
			.withConfiguration(AutoConfigurations.of(AwtyObservabilityAutoConfiguration.class))
			.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
			.withPropertyValues("management.endpoints.web.exposure.include=awty")
			.run((context) -> {
				Object paused = context.getBean(AwtyEndpoint.class).act("test_purchase", "pause");
				context.getBean(AwtyEndpoint.class).act("test_purchase", "pause");

				assertThat(paused).isEqualTo(new AwtyEndpoint.Changed("test_purchase", "pause", true));
				assertThat(output).contains("awty: anonymous paused event type 'test_purchase' on every instance")
					.contains("awty: anonymous paused event type 'test_purchase' on every instance (it was paused "
							+ "already)")
					.doesNotContain("user null");
				assertThat(context.getBean(OperatorAudit.class).newest(1).get(0).principal()).isEqualTo("anonymous");
			});
	}

	@Test
	void aServicesOwnCurrentOperatorNamesWhoPausedInTheLogAndTheAudit(CapturedOutput output) {
		this.database.execute(TestPurchase.TABLE_DDL);
		AwtyContexts.purchases(this.database, new ReceivedEvents())
			.withBean(CurrentOperator.class, () -> () -> "ops-bot")
			.run((context) -> {
				context.getBean(TypePauses.class).pause("test_purchase");
				context.getBean(TypePauses.class).resume("test_purchase");

				assertThat(output).contains("awty: ops-bot paused event type 'test_purchase' on every instance")
					.contains("awty: ops-bot resumed event type 'test_purchase' on every instance");
				assertThat(context.getBean(OperatorAudit.class).newest(2))
					.allSatisfy((entry) -> assertThat(entry.principal()).isEqualTo("ops-bot"));
			});
	}

}
