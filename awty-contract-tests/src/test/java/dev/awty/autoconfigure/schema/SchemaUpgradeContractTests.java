package dev.awty.autoconfigure.schema;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.Supplier;

import liquibase.integration.spring.SpringLiquibase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.io.DefaultResourceLoader;

import dev.awty.EventScheduler;
import dev.awty.autoconfigure.diagnostics.AwtyConfigurationFailureAnalyzer;
import dev.awty.history.DeliveryHistory;
import dev.awty.history.DeliveryOutcome;
import dev.awty.history.DeliveryRecord;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.recurring.ScheduleDefinition;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.context.RecurringConsumerConfiguration;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An application whose starter-owned tables were created by the changelog awty shipped before occurrences had
 * history upgrades: awty's initializer applies the new changeSets, the entries written before stay readable, rows
 * and occurrences (with their schedule version) are recorded from then on, and a schedule of before has its version
 * of then. Without the initializer, start-up fails with the changeSets to add.
 * Written once and run on every database by {@link OnEveryDatabase}.
 */
@OnEveryDatabase
class SchemaUpgradeContractTests extends DatabaseContractTests {

	private static final Instant UPDATED_BEFORE = Instant.parse("2026-01-02T03:04:05Z");

	private static final String PREVIOUS_CHANGELOG = "classpath:dev/awty/schema/awty-changelog-before-schedule-history.xml";

	SchemaUpgradeContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@BeforeEach
	void createTablesWithThePreviousChangelog() throws Exception {
		this.database.execute(TestPurchase.TABLE_DDL);
		SpringLiquibase liquibase = new SpringLiquibase();
		liquibase.setDataSource(this.database.simpleDataSource());
		liquibase.setResourceLoader(new DefaultResourceLoader());
		liquibase.setChangeLog(PREVIOUS_CHANGELOG);
		liquibase.setDatabaseChangeLogTable(AwtySchemaInitializer.CHANGELOG_TABLE);
		liquibase.setDatabaseChangeLogLockTable(AwtySchemaInitializer.CHANGELOG_LOCK_TABLE);
		liquibase.setChangeLogParameters(Map.of("awty.lockTable", "shedlock"));
		liquibase.afterPropertiesSet();
		this.jdbc.update("""
				INSERT INTO awty_delivery_log (event_type, row_id, event_id, due_at, finished_at, attempts, check_count,
				                               outcome, duration_ms, instance_id)
				VALUES ('test_purchase', 5, 'test_purchase/5/1', ?, ?, 1, 0, 'DELIVERED', 3, 'before-upgrade')
				""", this.database.timestamp(this.database.databaseNow()), this.database.timestamp(this.database.databaseNow()));
		// A paused schedule changed twice before the upgrade, so it does not fire during the test.
		this.jdbc.update("""
				INSERT INTO awty_schedule (id, expression, time_zone, payload, misfire_policy, enabled, version,
				                           next_fire_at, attempts, created_at, updated_at)
				VALUES ('before', '@daily', 'UTC', 'old', 'FIRE_ONCE', FALSE, 3, NULL, 0, ?, ?)
				""", this.database.timestamp(UPDATED_BEFORE.minusSeconds(60)), this.database.timestamp(UPDATED_BEFORE));
	}

	private ApplicationContextRunner application(ReceivedEvents received) {
		return AwtyContexts.purchases(this.database, received)
			.withUserConfiguration(RecurringConsumerConfiguration.class)
			.withPropertyValues("awty.poller.poll-interval=100ms", "awty.recurring.poll-interval=100ms");
	}

	@Test
	void anApplicationOnThePreviousSchemaUpgradesKeepsItsHistoryAndRecordsRowsAndOccurrences() {
		ReceivedEvents received = new ReceivedEvents();
		application(received).run((context) -> {
			assertThat(context).hasNotFailed();
			DeliveryHistory history = context.getBean(DeliveryHistory.class);
			assertThat(history.ofRow("test_purchase", 5)).singleElement()
				.satisfies((entry) -> assertThat(entry.instanceId()).isEqualTo("before-upgrade"));

			long id = context.getBean(EventScheduler.class).schedule(new TestPurchase(1), this.database.databaseNow());
			context.getBean(RecurringSchedules.class).create(ScheduleDefinition.of("once", "@at 2020-01-01T00:00:00Z"));

			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 2);
			await().atMost(Duration.ofSeconds(5))
				.until(() -> !history.ofRow("test_purchase", id).isEmpty() && !history.forSchedule("once", 10).isEmpty());
			assertThat(history.ofRow("test_purchase", id)).extracting(DeliveryRecord::outcome)
				.containsExactly(DeliveryOutcome.DELIVERED);
			assertThat(history.forSchedule("once", 10)).singleElement().satisfies((entry) -> {
				assertThat(entry.outcome()).isEqualTo(DeliveryOutcome.DELIVERED);
				assertThat(entry.eventId()).isEqualTo("recurring:once-1577836800");
			});
			// A schedule of before the upgrade has its version of then, changed when it was last updated.
			assertThat(context.getBean(RecurringSchedules.class).versions("before")).singleElement()
				.satisfies((version) -> {
					assertThat(version.version()).isEqualTo(3);
					assertThat(version.definition())
						.isEqualTo(ScheduleDefinition.of("before", "@daily").withPayload("old").withEnabled(false));
					assertThat(version.changedAt()).isEqualTo(UPDATED_BEFORE);
				});
			assertThat(history.forSchedule("once", 10)).singleElement()
				.satisfies((entry) -> assertThat(entry.scheduleVersion()).isEqualTo(1));
			assertThat(history.ofRow("test_purchase", 5)).singleElement()
				.satisfies((entry) -> assertThat(entry.scheduleVersion()).isNull());
			// Recognised as applied: the changeSets of the previous changelog ran once, the new one after them.
			assertThat(this.jdbc.queryForList("SELECT id FROM awty_databasechangelog WHERE id IN ('awty-3-schedule',"
					+ " 'awty-6-delivery-log-schedule') ORDER BY orderexecuted", String.class))
				.containsExactly("awty-3-schedule", "awty-6-delivery-log-schedule");
			// A history table with entries is not rebuilt into daily partitions during start-up (PostgreSQL only).
			assertThat(this.jdbc.queryForList("SELECT exectype FROM awty_databasechangelog"
					+ " WHERE id = 'awty-10-delivery-log-daily-partitions'", String.class)).doesNotContain("EXECUTED");
		});
	}

	@Test
	void withoutTheInitializerStartupFailsWithTheChangeSetAndSqlThatAddTheScheduleVersionColumn() {
		this.jdbc.execute("ALTER TABLE awty_delivery_log ADD schedule_id VARCHAR(200)");
		application(new ReceivedEvents()).withPropertyValues("awty.schema.initialize=false").run((context) -> {
			FailureAnalysis analysis = new AwtyConfigurationFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).isEqualTo("awty is misconfigured: The history table 'awty_delivery_log'"
					+ " has no column 'schedule_version', which this version of awty writes (it was created by an earlier"
					+ " one)");
			assertThat(analysis.getAction()).startsWith("Set awty.schema.initialize=true to let awty add it")
				.contains("<changeSet id=\"awty-9-delivery-log-schedule-version\" author=\"awty\">")
				.contains("<column name=\"schedule_version\" type=\"BIGINT\"/>")
				.doesNotContain("awty-6-delivery-log-schedule\"")
				.contains("\n\nOr, with Flyway or your own DDL, run this SQL:\n\n-- for " + this.database.name() + "\n"
						+ "ALTER TABLE awty_delivery_log ADD schedule_version BIGINT");
		});
	}

	@Test
	void withoutTheInitializerStartupFailsWithTheChangeSetAndSqlThatCreateTheScheduleVersionTable() {
		this.jdbc.execute("ALTER TABLE awty_delivery_log ADD schedule_id VARCHAR(200)");
		this.jdbc.execute("ALTER TABLE awty_delivery_log ADD schedule_version BIGINT");
		// Added after the schedule versions, and checked before them at start-up: an application that keeps its
		// schema adds them too.
		this.database.execute("CREATE TABLE awty_type_pause (type_name VARCHAR(128) PRIMARY KEY,"
				+ " paused_at TIMESTAMP WITH TIME ZONE NOT NULL)");
		this.database.execute("CREATE TABLE awty_audit (id BIGINT PRIMARY KEY, acted_at TIMESTAMP WITH TIME ZONE NOT NULL,"
				+ " principal VARCHAR(255) NOT NULL, action VARCHAR(32) NOT NULL, target VARCHAR(255) NOT NULL,"
				+ " rows_affected BIGINT NOT NULL, detail VARCHAR(2000))");
		application(new ReceivedEvents()).withPropertyValues("awty.schema.initialize=false").run((context) -> {
			FailureAnalysis analysis = new AwtyConfigurationFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).isEqualTo("awty is misconfigured: The table 'awty_schedule_version',"
					+ " which keeps the versions of recurring schedules, does not exist (the schedules were set up by an"
					+ " earlier version of awty)");
			assertThat(analysis.getAction()).startsWith("Set awty.schema.initialize=true to let awty create it")
				.contains("awty.recurring.enabled=false")
				.contains("<changeSet id=\"awty-8-schedule-version\" author=\"awty\">")
				.contains("<createTable tableName=\"awty_schedule_version\">")
				.contains("\n-- for " + this.database.name() + "\nCREATE TABLE awty_schedule_version (");
		});
		application(new ReceivedEvents())
			.withPropertyValues("awty.schema.initialize=false", "awty.recurring.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void withoutTheInitializerStartupFailsWithTheChangeSetsAndSqlThatAddTheScheduleColumn() {
		application(new ReceivedEvents()).withPropertyValues("awty.schema.initialize=false").run((context) -> {
			FailureAnalysis analysis = new AwtyConfigurationFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).isEqualTo("awty is misconfigured: The history table 'awty_delivery_log'"
					+ " has no column 'schedule_id', which this version of awty writes (it was created by an earlier one)");
			assertThat(analysis.getAction()).startsWith("Set awty.schema.initialize=true to let awty add it")
				.contains("<changeSet id=\"awty-6-delivery-log-schedule\" author=\"awty\">")
				.contains("<column name=\"schedule_id\" type=\"VARCHAR(200)\"/>")
				.contains("<changeSet id=\"awty-7-delivery-log-schedule-index\" author=\"awty\" dbms=\"postgresql\">")
				.contains("<changeSet id=\"awty-9-delivery-log-schedule-version\" author=\"awty\">")
				.contains("\n-- for " + this.database.name() + "\nALTER TABLE awty_delivery_log ADD schedule_id VARCHAR(200)")
				.contains(this.database.name().equals("PostgreSQL")
						? "\nCREATE INDEX awty_delivery_log_schedule ON awty_delivery_log (schedule_id, finished_at, id)"
								+ " WHERE schedule_id IS NOT NULL;\n"
						: "\nCREATE INDEX awty_delivery_log_schedule ON awty_delivery_log(schedule_id, finished_at, id);\n");
		});
	}

}
