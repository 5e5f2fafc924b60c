package dev.awty.autoconfigure;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.util.unit.DataSize;

import dev.awty.autoconfigure.diagnostics.AwtyConfigurationFailureAnalyzer;
import dev.awty.autoconfigure.properties.AwtyProperties;
import dev.awty.autoconfigure.properties.AwtyRecurringProperties;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.internal.recurring.source.RecurringSource;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.context.RecurringConsumerConfiguration;
import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;

class RecurringAutoConfigurationTests {

	private ApplicationContextRunner application() {
		return AwtyContexts.consuming(RecurringConsumerConfiguration.class, TestDatabases.h2(), new ReceivedEvents());
	}

	@Test
	void recurringSchedulesAreOnByDefaultWithTheDocumentedSettingsAndNoEndpoints() {
		application().run((context) -> {
			assertThat(context).hasSingleBean(RecurringSchedules.class)
				.hasSingleBean(RecurringSource.class)
				.doesNotHaveBean("awtyScheduleRoutes");
			assertThat(context.getBean(DeliveryPollers.class).isRunning()).isTrue();
			assertThat(context.getBean(DeliveryPollers.class).counters()).containsKey(RecurringSource.NAME);
			AwtyRecurringProperties recurring = context.getBean(AwtyProperties.class).getRecurring();
			assertThat(recurring.getChannel()).isEqualTo("awtyRecurring");
			assertThat(recurring.getPollInterval()).isEqualTo(Duration.ofSeconds(1));
			assertThat(recurring.getBatchSize()).isEqualTo(500);
			assertThat(recurring.getClaimAhead()).isEqualTo(Duration.ofMillis(500));
			assertThat(recurring.getConcurrency()).isEqualTo(4);
			assertThat(recurring.getMaxCatchUp()).isEqualTo(100);
			assertThat(recurring.getPayloadLimit()).isEqualTo(DataSize.ofKilobytes(64));
			assertThat(recurring.getWeb().isEnabled()).isFalse();
		});
	}

	@Test
	void endpointsNeedAWebApplicationEvenWhenEnabled() {
		application().withPropertyValues("awty.recurring.web.enabled=true")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean("awtyScheduleRoutes"));
	}

	@Test
	void backsOffWhenRecurringIsDisabled() {
		application().withPropertyValues("awty.recurring.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(RecurringSchedules.class)
				.doesNotHaveBean(RecurringSource.class));
	}

	@Test
	void failsAtStartupNamingTheRecurringPropertyThatMakesNoSense() {
		application().withPropertyValues("awty.recurring.max-catch-up=0").run((context) -> {
			assertThat(context).hasFailed();
			FailureAnalysis analysis = new AwtyConfigurationFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).contains("awty.recurring.max-catch-up must be at least 1, was 0");
			assertThat(analysis.getAction()).contains("e.g. 100");
		});
	}

	@Test
	void failsAtStartupWhenTheRecurringClaimAheadIsNotShorterThanTheLease() {
		application().withPropertyValues("awty.claim.lease=2s", "awty.recurring.claim-ahead=2s").run((context) -> {
			assertThat(context).hasFailed();
			FailureAnalysis analysis = new AwtyConfigurationFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).contains(
					"awty.recurring.claim-ahead must be at least 0 and shorter than awty.claim.lease (PT2S), was PT2S");
			assertThat(analysis.getAction()).contains("e.g. 500ms");
		});
	}

}
