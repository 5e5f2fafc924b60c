package dev.awty.autoconfigure;

import java.time.Duration;
import java.util.Locale;
import java.util.function.Supplier;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceInitializationAutoConfiguration;
import org.springframework.boot.liquibase.autoconfigure.LiquibaseAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.integration.channel.DirectChannel;

import dev.awty.AwtyHeaders;
import dev.awty.EventScheduler;
import dev.awty.autoconfigure.diagnostics.ScheduledTableFailureAnalyzer;
import dev.awty.handler.HandlerOutcome;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.context.ScriptedHandler;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.broken.BrokenEvent;
import dev.awty.testing.events.check.TestOrderCheck;
import dev.awty.testing.events.missing.MissingTableEvent;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A service whose schema is kept by Flyway, by Liquibase or by Boot's SQL scripts starts with awty on an empty
 * database and again on the one it migrated, and delivers a row and a check: awty creates its own tables after the
 * service's migration tool has run, so Flyway finds an empty schema the first time and its own history the second,
 * and before Boot's SQL scripts, so a data script may fill them.
 * The service's schema is the same script everywhere: {@code db/flyway-service/<database>/V1__….sql}.
 * A scheduled table that lacks a column fails start-up with the fix as a changeSet and as SQL for the database; a
 * missing one with SQL that creates it as awty recommends (on PostgreSQL with room on each page for the claim).
 * Written once and run on every database by {@link OnEveryDatabase}.
 */
@OnEveryDatabase
@ExtendWith(OutputCaptureExtension.class)
class MigrationToolContractTests extends DatabaseContractTests {

	private static final String SCRIPT = "V1__purchases_and_their_schedules.sql";

	private static final String STORAGE_HINT = "awty: table 'scheduled_shipment' fills its pages, so each claim of a row"
			+ " writes index entries;";

	MigrationToolContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@Test
	void aFlywayServiceStartsOnAnEmptyDatabaseAndAgainOnTheMigratedOneAndDeliversARowAndACheck() {
		ApplicationContextRunner service = service()
			.withConfiguration(AutoConfigurations.of(FlywayAutoConfiguration.class))
			.withPropertyValues("spring.flyway.locations=classpath:db/flyway-service/{vendor}");
		for (long start = 1; start <= 2; start++) {
			long purchase = start;
			service.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(Flyway.class).info().applied()).extracting(MigrationInfo::getScript)
					.as("the service's own migration, applied once, with no baseline").containsExactly(SCRIPT);
				deliversARowAndACheck(context, purchase);
			});
		}
	}

	@Test
	void aLiquibaseServiceStartsOnAnEmptyDatabaseAndAgainOnTheMigratedOneAndDeliversARowAndACheck() {
		ApplicationContextRunner service = service()
			.withConfiguration(AutoConfigurations.of(LiquibaseAutoConfiguration.class))
			.withPropertyValues("spring.liquibase.change-log=classpath:db/liquibase-service/changelog.xml");
		for (long start = 1; start <= 2; start++) {
			long purchase = start;
			service.run((context) -> {
				assertThat(context).hasNotFailed();
				deliversARowAndACheck(context, purchase);
			});
		}
	}

	@Test
	void aServiceWhoseSchemaBootsSqlScriptsCreateStartsDeliversARowAndACheckAndItsDataScriptFillsAwtysTables() {
		String data = this.database.isMySqlFamily() ? "data-mariadb.sql" : "data.sql";
		service().withConfiguration(AutoConfigurations.of(DataSourceInitializationAutoConfiguration.class))
			.withPropertyValues("spring.sql.init.mode=always",
					"spring.sql.init.schema-locations=classpath:db/flyway-service/" + vendor() + "/" + SCRIPT,
					"spring.sql.init.data-locations=classpath:db/sql-init-service/" + data)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(RecurringSchedules.class).get("seeded-daily")).hasValueSatisfying(
						(schedule) -> assertThat(schedule.definition().enabled()).isFalse());
				deliversARowAndACheck(context, 1);
			});
	}

	@Test
	void aScheduledTableWithoutDueAtFailsStartupWithTheChangeSetAndTheSqlForTheDatabase() {
		this.database.execute(BrokenEvent.TABLE_DDL);
		AwtyContexts.runner()
			.withUserConfiguration(BrokenEvents.class)
			.withPropertyValues(this.database.datasourceProperties())
			.run((context) -> {
				FailureAnalysis analysis = new ScheduledTableFailureAnalyzer().analyze(context.getStartupFailure());
				assertThat(analysis.getAction()).contains("<addColumn tableName=\"scheduled_broken\">")
					.endsWith("</changeSet>\n\nOr, with Flyway or your own DDL, run this SQL:\n\n-- for "
							+ this.database.name() + "\n" + switch (vendor()) {
								case "postgresql" -> "ALTER TABLE scheduled_broken ADD due_at TIMESTAMP WITH TIME ZONE NOT NULL;\n"
										+ "CREATE INDEX scheduled_broken_pending_due ON scheduled_broken (due_at)"
										+ " WHERE status = 'PENDING';";
								case "mariadb" -> "ALTER TABLE scheduled_broken ADD due_at datetime(6) NOT NULL;\n"
										+ "CREATE INDEX scheduled_broken_pending_due ON scheduled_broken (status, due_at);";
								default -> "ALTER TABLE scheduled_broken ADD due_at TIMESTAMP WITH TIME ZONE NOT NULL;\n"
										+ "CREATE INDEX scheduled_broken_pending_due ON scheduled_broken (status, due_at);";
							});
			});
	}

	@Test
	void aMissingScheduledTableFailsStartupWithSqlThatCreatesItWithTheStorageSettingsRecommendedForTheDatabase(
			CapturedOutput output) {
		ApplicationContextRunner shipments = AwtyContexts.runner()
			.withUserConfiguration(MissingTableEvents.class)
			.withPropertyValues(this.database.datasourceProperties());
		StringBuilder printed = new StringBuilder();
		shipments.run((context) -> {
			String action = new ScheduledTableFailureAnalyzer().analyze(context.getStartupFailure()).getAction();
			String header = "-- for " + this.database.name() + "\n";
			assertThat(action).contains(header);
			printed.append(action.substring(action.indexOf(header) + header.length()));
		});
		for (String statement : printed.toString().split(";\n")) {
			this.jdbc.execute(statement.replaceAll(";$", ""));
		}
		shipments.run((context) -> assertThat(context).hasNotFailed());
		assertThat(output).doesNotContain(STORAGE_HINT);
		if (vendor().equals("postgresql")) {
			assertThat(this.jdbc.queryForObject(
					"SELECT array_to_string(reloptions, ', ') FROM pg_class WHERE oid = 'scheduled_shipment'::regclass",
					String.class))
				.isEqualTo("fillfactor=50, autovacuum_vacuum_scale_factor=0, autovacuum_vacuum_threshold=10000");
			// a table made by the service's own DDL before awty printed the settings
			this.jdbc.execute("ALTER TABLE scheduled_shipment RESET (fillfactor)");
			shipments.run((context) -> assertThat(context).hasNotFailed());
			assertThat(output).contains(STORAGE_HINT + " with room left for the claim's row version it writes none."
					+ " Run \"ALTER TABLE scheduled_shipment SET (fillfactor = 50, autovacuum_vacuum_scale_factor = 0,"
					+ " autovacuum_vacuum_threshold = 10000)\"");
		}
		else {
			assertThat(printed).doesNotContain("fillfactor");
		}
	}

	private ApplicationContextRunner service() {
		return AwtyContexts.runner()
			.withUserConfiguration(PurchasesAndChecks.class)
			.withPropertyValues(this.database.datasourceProperties())
			.withPropertyValues("awty.poller.poll-interval=100ms");
	}

	/** Schedules a purchase's event and a check that checks once more before it alerts; awaits both messages. */
	private void deliversARowAndACheck(AssertableApplicationContext context, long purchase) {
		this.jdbc.update("INSERT INTO purchase (id, item) VALUES (?, 'album')", purchase);
		EventScheduler scheduler = context.getBean(EventScheduler.class);
		long row = scheduler.schedule(new TestPurchase(purchase), this.database.databaseNow());
		long check = scheduler.schedule(new TestOrderCheck(purchase), this.database.databaseNow());
		ReceivedEvents received = context.getBean(ReceivedEvents.class);
		await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 2);
		assertThat(received.all()).extracting((event) -> event.message().getHeaders().get(AwtyHeaders.EVENT_ID))
			.containsExactlyInAnyOrder("test_purchase/" + row + "/1", "test_order_check/" + check + "/1/1");
		assertThat(context.getBean(ScriptedHandler.class).calls()).extracting(ScriptedHandler.Call::checkCount)
			.containsExactly(0, 1);
	}

	private String vendor() {
		return this.database.name().toLowerCase(Locale.ROOT);
	}

	@Configuration(proxyBeanMethods = false)
	@AutoConfigurationPackage(basePackageClasses = BrokenEvent.class)
	static class BrokenEvents {

		@Bean
		DirectChannel brokenEvents() {
			return new DirectChannel();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@AutoConfigurationPackage(basePackageClasses = MissingTableEvent.class)
	static class MissingTableEvents {

		@Bean
		DirectChannel shipments() {
			return new DirectChannel();
		}

	}

	/** A service with an event type and a check, its consumer recording both. */
	@Configuration(proxyBeanMethods = false)
	@AutoConfigurationPackage(basePackageClasses = { TestPurchase.class, TestOrderCheck.class })
	static class PurchasesAndChecks {

		@Bean
		ReceivedEvents receivedEvents() {
			return new ReceivedEvents();
		}

		@Bean
		DirectChannel testPurchases(ReceivedEvents receivedEvents) {
			return subscribed(receivedEvents);
		}

		@Bean
		DirectChannel orderAlerts(ReceivedEvents receivedEvents) {
			return subscribed(receivedEvents);
		}

		@Bean
		ScriptedHandler orderCheck() {
			return new ScriptedHandler().behave((row, check) -> (check.checkCount() == 0)
					? HandlerOutcome.checkAgainAt(check.now()) : HandlerOutcome.publishAndFinish());
		}

		private static DirectChannel subscribed(ReceivedEvents receivedEvents) {
			DirectChannel channel = new DirectChannel();
			channel.subscribe(receivedEvents);
			return channel;
		}

	}

}
