package dev.awty.autoconfigure;

import java.time.Duration;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.awty.autoconfigure.diagnostics.AwtyConfigurationFailureAnalyzer;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What a user is told about limits that cannot work ({@code awty.types.<name>.limit.*}), and that a limited type's
 * poller gets over a limit row that went missing.
 */
class LimitSettingsFailureTests {

	private final TestDatabase database = TestDatabases.h2();

	private final ReceivedEvents received = new ReceivedEvents();

	@ParameterizedTest(name = "rate {0}")
	@ValueSource(ints = { 0, -5 })
	void refusesARateBelowOneNamingThePropertyAndAnExample(int rate) {
		analysis((analysis) -> {
			assertThat(analysis.getDescription())
				.isEqualTo("awty is misconfigured: awty.types.test_purchase.limit.rate must be at least 1, was " + rate);
			assertThat(analysis.getAction()).isEqualTo("Set it to the most rows to deliver per"
					+ " awty.types.test_purchase.limit.rate-period (PT1S) across all instances, e.g. 100, or remove it"
					+ " for no rate limit.");
		}, "awty.types.test_purchase.limit.rate=" + rate);
	}

	@Test
	void refusesARatePeriodOfZero() {
		analysis((analysis) -> assertThat(analysis.getDescription()).isEqualTo(
				"awty is misconfigured: awty.types.test_purchase.limit.rate-period must be at least 1ms, was PT0S"),
				"awty.types.test_purchase.limit.rate=10", "awty.types.test_purchase.limit.rate-period=0s");
	}

	@Test
	void refusesAKeyThatIsNotAColumnListingTheProperties() {
		analysis((analysis) -> {
			assertThat(analysis.getDescription()).isEqualTo("awty is misconfigured:"
					+ " awty.types.test_purchase.limit.key=customerId is not a column of scheduled_test_purchase mapped by "
					+ TestPurchase.class.getName());
			assertThat(analysis.getAction()).isEqualTo(
					"Set it to one of the properties [purchaseId] of TestPurchase, or remove it for no key limit.");
		}, "awty.types.test_purchase.limit.key=customerId");
	}

	@Test
	void withoutTheInitializerStartupFailsWithTheChangeSetAndTheSqlThatCreateTheLimitTable() {
		runner().run((context) -> assertThat(context).hasNotFailed());
		this.database.jdbc().execute("DROP TABLE awty_type_limit");
		runner("awty.schema.initialize=false", "awty.types.test_purchase.limit.rate=10").run((context) -> {
			FailureAnalysis analysis = new AwtyConfigurationFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).isEqualTo("awty is misconfigured: The table 'awty_type_limit', which"
					+ " keeps the limits that awty.types.test_purchase.limit sets across instances, does not exist");
			assertThat(analysis.getAction()).startsWith("Set awty.schema.initialize=true to let awty create it")
				.contains("<changeSet id=\"awty-11-type-limit\" author=\"awty\">")
				.contains("<createTable tableName=\"awty_type_limit\">")
				.endsWith("</changeSet>\n\nOr, with Flyway or your own DDL, run this SQL:\n\n-- for H2\n"
						+ "CREATE TABLE awty_type_limit (type_name VARCHAR(128) NOT NULL, tokens DOUBLE PRECISION, refilled_at"
						+ " TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT awty_type_limit_pk PRIMARY KEY (type_name));");
		});
	}

	@Test
	void aLimitedTypeGoesOnDeliveringWhenItsLimitRowIsDeleted() {
		runner("awty.types.test_purchase.limit.rate=1000", "awty.types.test_purchase.limit.key=purchaseId")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				insertDueRow(1);
				await().atMost(Duration.ofSeconds(10)).until(() -> this.received.count() == 1);
				this.database.jdbc().update("DELETE FROM awty_type_limit");
				insertDueRow(2);
				insertDueRow(3);
				await().atMost(Duration.ofSeconds(10)).until(() -> this.received.count() == 3);
			});
	}

	private void insertDueRow(long purchaseId) {
		this.database.jdbc().update("INSERT INTO scheduled_test_purchase (purchase_id, due_at) VALUES (?, CURRENT_TIMESTAMP)",
				purchaseId);
	}

	private void analysis(Consumer<FailureAnalysis> assertions, String... properties) {
		runner(properties).run((context) -> assertions
			.accept(new AwtyConfigurationFailureAnalyzer().analyze(context.getStartupFailure())));
	}

	private ApplicationContextRunner runner(String... properties) {
		this.database.jdbc().execute(this.database.ddl(TestPurchase.TABLE_DDL.replace("CREATE TABLE", "CREATE TABLE IF NOT EXISTS")));
		return AwtyContexts.purchases(this.database, this.received)
			.withPropertyValues("awty.poller.poll-interval=100ms")
			.withPropertyValues(properties);
	}

}
