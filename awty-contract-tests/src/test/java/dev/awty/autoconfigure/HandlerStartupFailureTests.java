package dev.awty.autoconfigure;

import org.junit.jupiter.api.Test;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.awty.TypePauses;
import dev.awty.autoconfigure.diagnostics.AwtyConfigurationFailureAnalyzer;
import dev.awty.autoconfigure.diagnostics.ScheduledTableFailureAnalyzer;
import dev.awty.handler.EventHandler;
import dev.awty.handler.HandlerOutcome;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.context.CheckConsumerConfiguration;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.context.ScriptedHandler;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.check.TestOrderCheck;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Starts applications whose handlers are wired wrong and checks what the user is told.
 */
class HandlerStartupFailureTests {

	private final TestDatabase database = TestDatabases.h2();

	private ApplicationContextRunner checks() {
		return AwtyContexts.consuming(CheckConsumerConfiguration.class, this.database, new ReceivedEvents());
	}

	@Test
	void failsAtStartupNamingBothBeansWhenATypeHasTwoHandlers() {
		this.database.jdbc().execute(TestOrderCheck.TABLE_DDL);
		checks().withBean("firstHandler", ScriptedHandler.class, ScriptedHandler::new)
			.withBean("secondHandler", ScriptedHandler.class, ScriptedHandler::new)
			.run((context) -> {
				FailureAnalysis analysis = new AwtyConfigurationFailureAnalyzer().analyze(context.getStartupFailure());
				assertThat(analysis.getDescription()).isEqualTo("awty is misconfigured: Event type 'test_order_check'"
						+ " has 2 handlers: beans 'firstHandler' and 'secondHandler'");
				assertThat(analysis.getAction()).contains("Keep one EventHandler<TestOrderCheck> bean");
			});
	}

	@Test
	void failsAtStartupWithTheChangeSetWhenAHandlerMayCheckAgainAndTheCheckColumnsAreMissing() {
		this.database.jdbc().execute(TestOrderCheck.TABLE_DDL_WITHOUT_CHECK_COLUMNS);
		checks().withBean("orderCheckHandler", ScriptedHandler.class, ScriptedHandler::new).run((context) -> {
			FailureAnalysis analysis = new ScheduledTableFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).isEqualTo("The table 'scheduled_test_order_check' of awty event type"
					+ " 'test_order_check' cannot be used:\n"
					+ "  - column 'first_check_at' is missing, needed because handler bean 'orderCheckHandler' may check again\n"
					+ "  - column 'check_count' is missing, needed because handler bean 'orderCheckHandler' may check again");
			assertThat(analysis.getAction()).contains("<changeSet id=\"awty-checks-scheduled_test_order_check\" author=\"awty\">")
				.contains("<addColumn tableName=\"scheduled_test_order_check\">")
				.contains("<column name=\"first_check_at\" type=\"TIMESTAMP WITH TIME ZONE\"/>")
				.contains("<column name=\"check_count\" type=\"INT\" defaultValueNumeric=\"0\"><constraints nullable=\"false\"/></column>")
				.endsWith("\n-- for H2\nALTER TABLE scheduled_test_order_check ADD first_check_at TIMESTAMP WITH TIME ZONE;\n"
						+ "ALTER TABLE scheduled_test_order_check ADD check_count INT DEFAULT 0 NOT NULL;");
		});
	}

	@Test
	void handlerThatNeverChecksAgainNeedsNoCheckColumns() {
		this.database.jdbc().execute(TestOrderCheck.TABLE_DDL_WITHOUT_CHECK_COLUMNS);
		checks().withBean("publishOnly", FinishingHandler.class, FinishingHandler::new)
			.run((context) -> assertThat(context).hasNotFailed().hasSingleBean(DeliveryPollers.class));
	}

	@Test
	void aHandlerThatUsesTheTypePausesStartsAndItsTypeIsDelivered() {
		// The pauses are the pollers' own; the pollers build the sources, and with them the handlers, only at start.
		this.database.jdbc().execute(TestOrderCheck.TABLE_DDL);
		checks().withBean("pausingHandler", PausingHandler.class).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context.getBean(DeliveryPollers.class).isRunning()).isTrue();
			assertThat(context.getBean(DeliveryPollers.class).counters()).containsKey("test_order_check");
		});
	}

	@Test
	void failsAtStartupWhenAHandlerBeanHandlesNoEventType() {
		this.database.jdbc().execute(TestOrderCheck.TABLE_DDL);
		checks().withBean("purchaseHandler", PurchaseHandler.class, PurchaseHandler::new).run((context) -> {
			FailureAnalysis analysis = new AwtyConfigurationFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription())
				.isEqualTo("awty is misconfigured: Handler bean 'purchaseHandler' handles no awty event type");
			assertThat(analysis.getAction()).contains("[TestOrderCheck]");
		});
	}

	@Test
	void failsAtStartupNamingTheKeyWhenTheHandlerTimeoutIsNotPositive() {
		this.database.jdbc().execute(TestOrderCheck.TABLE_DDL);
		checks().withBean("orderCheckHandler", ScriptedHandler.class, ScriptedHandler::new)
			.withPropertyValues("awty.types.test_order_check.handler-timeout=0s")
			.run((context) -> {
				FailureAnalysis analysis = new AwtyConfigurationFailureAnalyzer().analyze(context.getStartupFailure());
				assertThat(analysis.getDescription()).isEqualTo("awty is misconfigured: awty.types.test_order_check"
						+ ".handler-timeout must be positive, was PT0S");
				assertThat(analysis.getAction()).isEqualTo("Set it to the longest a handler call may take, e.g. 10s.");
			});
	}

	@Test
	void handlerTimeoutLongerThanTheLeaseStartsBecauseTheHeartbeatExtendsTheLease() {
		this.database.jdbc().execute(TestOrderCheck.TABLE_DDL);
		checks().withBean("orderCheckHandler", ScriptedHandler.class, ScriptedHandler::new)
			.withPropertyValues("awty.claim.lease=3s", "awty.poller.send-timeout=10s",
					"awty.types.test_order_check.handler-timeout=10m")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void failsAtStartupNamingTheKeyWhenTheLeaseIsTooShortForAHeartbeat() {
		this.database.jdbc().execute(TestPurchase.TABLE_DDL);
		AwtyContexts.purchases(this.database, new ReceivedEvents())
			.withPropertyValues("awty.claim.lease=500ms", "awty.poller.poll-interval=100ms")
			.run((context) -> {
				FailureAnalysis analysis = new AwtyConfigurationFailureAnalyzer().analyze(context.getStartupFailure());
				assertThat(analysis.getDescription())
					.isEqualTo("awty is misconfigured: awty.claim.lease (PT0.5S) must be at least PT1S");
				assertThat(analysis.getAction()).isEqualTo("The heartbeat extends a held row's lease every third of it,"
						+ " and needs time for a database round trip: raise awty.claim.lease to e.g. 30s.");
			});
	}

	static class PausingHandler implements EventHandler<TestOrderCheck> {

		private final TypePauses pauses;

		PausingHandler(TypePauses pauses) {
			this.pauses = pauses;
		}

		@Override
		public HandlerOutcome handle(TestOrderCheck row, dev.awty.handler.HandlerContext context) {
			this.pauses.pause("test_order_check");
			return HandlerOutcome.finish();
		}

		@Override
		public boolean checksAgain() {
			return false;
		}

	}

	static class FinishingHandler implements EventHandler<TestOrderCheck> {

		@Override
		public HandlerOutcome handle(TestOrderCheck row, dev.awty.handler.HandlerContext context) {
			return HandlerOutcome.finish();
		}

		@Override
		public boolean checksAgain() {
			return false;
		}

	}

	static class PurchaseHandler implements EventHandler<TestPurchase> {

		@Override
		public HandlerOutcome handle(TestPurchase row, dev.awty.handler.HandlerContext context) {
			return HandlerOutcome.finish();
		}

	}

}
