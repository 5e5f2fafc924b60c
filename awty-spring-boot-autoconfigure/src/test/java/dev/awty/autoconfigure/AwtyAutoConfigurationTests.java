package dev.awty.autoconfigure;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.liquibase.autoconfigure.LiquibaseAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.awty.AwtyConfigurationException;
import dev.awty.EventScheduler;
import dev.awty.dialect.H2Dialect;
import dev.awty.dialect.PostgresDialect;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.spi.SqlDialect;
import dev.awty.testing.AwtyContexts;
import dev.awty.testing.PurchaseConsumerConfiguration;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

class AwtyAutoConfigurationTests {

	private static final String PAUSE_TABLE_DDL = "CREATE TABLE awty_type_pause (type_name VARCHAR(128) PRIMARY KEY,"
			+ " paused_at TIMESTAMP WITH TIME ZONE NOT NULL)";

	private final TestDatabase database = TestDatabases.h2();

	private ApplicationContextRunner purchases() {
		this.database.jdbc().execute(TestPurchase.TABLE_DDL);
		return AwtyContexts.purchases(this.database, new ReceivedEvents());
	}

	@Test
	void backsOffWhenDisabled() {
		purchases().withPropertyValues("awty.enabled=false").run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context).doesNotHaveBean(EventScheduler.class).doesNotHaveBean(DeliveryPollers.class);
		});
	}

	@Test
	void backsOffWithoutDataSource() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(AwtyAutoConfiguration.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(EventScheduler.class));
	}

	@Test
	void defaultsAreOneSecondPollFiveHundredRowsThirtySecondLeaseTwentyAttempts() {
		purchases().run((context) -> {
			AwtyProperties properties = context.getBean(AwtyProperties.class);
			assertThat(properties.getPoller().getPollInterval()).isEqualTo(Duration.ofSeconds(1));
			assertThat(properties.getPoller().getBatchSize()).isEqualTo(500);
			assertThat(properties.getClaim().getLease()).isEqualTo(Duration.ofSeconds(30));
			assertThat(properties.getPoller().getMarkEvery()).isEqualTo(100);
			assertThat(properties.getRetry().getMaxAttempts()).isEqualTo(20);
			assertThat(properties.getRetry().getInitialBackoff()).isEqualTo(Duration.ofSeconds(1));
			assertThat(properties.getRetry().getMaxBackoff()).isEqualTo(Duration.ofHours(1));
			assertThat(properties.getPublish().getAckTimeout()).isEqualTo(Duration.ofSeconds(10));
			assertThat(context).hasSingleBean(EventScheduler.class).hasSingleBean(DeliveryPollers.class);
			assertThat(context.getBean(DeliveryPollers.class).isRunning()).isTrue();
			assertThat(context.getBean(SqlDialect.class)).isInstanceOf(H2Dialect.class);
		});
	}

	@Test
	void perTypeOverridesReplaceGlobalSettings() {
		purchases().withPropertyValues("awty.poller.batch-size=100", "awty.types.test_purchase.batch-size=7",
				"awty.types.test_purchase.max-attempts=2")
			.run((context) -> {
				TypeSettingsFactory factory = new TypeSettingsFactory(context.getBean(AwtyProperties.class));
				assertThat(factory.settingsFor("test_purchase").batchSize()).isEqualTo(7);
				assertThat(factory.settingsFor("test_purchase").maxAttempts()).isEqualTo(2);
				assertThat(factory.settingsFor("test_purchase").pollInterval()).isEqualTo(Duration.ofSeconds(1));
			});
	}

	@Test
	void forcedDialectWinsOverDetection() {
		purchases().withPropertyValues("awty.database.dialect=postgresql", "awty.schema.validate=false",
				"awty.poller.poll-interval=1h", "awty.claim.lease=2h")
			.run((context) -> assertThat(context.getBean(SqlDialect.class)).isInstanceOf(PostgresDialect.class));
	}

	@Test
	void failsAtStartupNamingTheKeyOfAnOverrideForAnUnknownType() {
		purchases().withPropertyValues("awty.types.purchse.batch-size=10").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(AwtyConfigurationException.class)
				.hasMessage("awty.types.purchse configures an event type that does not exist");
			assertThat(((AwtyConfigurationException) rootCause(context.getStartupFailure())).getAction())
				.contains("[test_purchase]");
		});
	}

	@Test
	void startsWithAPollIntervalLongerThanTheLeaseBecauseTheHeartbeatExtendsHeldRows() {
		purchases().withPropertyValues("awty.poller.poll-interval=10m")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void failsAtStartupWhenAckTimeoutIsNotPositive() {
		purchases().withPropertyValues("awty.publish.ack-timeout=0s").run((context) -> assertThat(context).getFailure()
			.rootCause()
			.hasMessage("awty.publish.ack-timeout must be positive, was PT0S"));
	}

	@Test
	void failsAtStartupWhenBatchSizeIsNotPositive() {
		purchases().withPropertyValues("awty.types.test_purchase.batch-size=0").run((context) -> assertThat(context)
			.getFailure()
			.rootCause()
			.hasMessage("awty.types.test_purchase.batch-size must be between 1 and 10000, was 0"));
	}

	@Test
	void runsItsOwnChangelogBesideTheApplicationsLiquibaseMigrations() {
		AwtyContexts.runner()
			.withConfiguration(AutoConfigurations.of(LiquibaseAutoConfiguration.class))
			.withUserConfiguration(PurchaseConsumerConfiguration.class)
			.withBean(ReceivedEvents.class, ReceivedEvents::new)
			.withPropertyValues(this.database.datasourceProperties())
			.withPropertyValues("spring.liquibase.change-log=classpath:db/test-changelog.xml")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				JdbcTemplate jdbc = this.database.jdbc();
				assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM DATABASECHANGELOG", Integer.class))
					.as("the application's own changelog ran").isEqualTo(1);
				assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM AWTY_DATABASECHANGELOG", Integer.class))
					.as("awty's changelog ran in its own table: lock, history and schedule tables, schedule indexes,"
							+ " the history's schedule column and its index, the schedule version table, the history's"
							+ " schedule version column, the limit table and the pause table")
					.isEqualTo(11);
				assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM shedlock", Integer.class)).isNotNull();
				assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM awty_delivery_log", Integer.class)).isZero();
				assertThat(context).hasSingleBean(EventScheduler.class);
			});
	}

	@Test
	void failsAtStartupWithTheLockTableChangeSetAndSqlWhenSchemaInitializationIsOffAndTheTableIsMissing() {
		purchases().withPropertyValues("awty.schema.initialize=false").run((context) -> {
			assertThat(context).getFailure().rootCause()
				.isInstanceOf(AwtyConfigurationException.class)
				.hasMessage("The lock table 'shedlock' for awty's leader locks does not exist");
			assertThat(((AwtyConfigurationException) rootCause(context.getStartupFailure())).getAction())
				.contains("<createTable tableName=\"shedlock\">")
				.endsWith("\n\nOr, with Flyway or your own DDL, run this SQL:\n\n-- for H2\nCREATE TABLE shedlock (name"
						+ " VARCHAR(64) NOT NULL, lock_until TIMESTAMP(3) NOT NULL, locked_at TIMESTAMP(3) NOT NULL, locked_by"
						+ " VARCHAR(255) NOT NULL, CONSTRAINT PK_SHEDLOCK PRIMARY KEY (name));");
			assertThat(this.database.jdbc().queryForObject(
					"SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_NAME = 'SHEDLOCK'", Integer.class)).isZero();
		});
	}

	@Test
	void failsAtStartupWithTheHistoryTableChangeSetsAndSqlWhenSchemaInitializationIsOffAndTheTableIsMissing() {
		this.database.jdbc().execute("CREATE TABLE shedlock (name VARCHAR(64) PRIMARY KEY, lock_until TIMESTAMP(3) NOT NULL,"
				+ " locked_at TIMESTAMP(3) NOT NULL, locked_by VARCHAR(255) NOT NULL)");
		ApplicationContextRunner purchases = purchases();
		purchases.withPropertyValues("awty.schema.initialize=false").run((context) -> {
			assertThat(context).getFailure().rootCause()
				.isInstanceOf(AwtyConfigurationException.class)
				.hasMessage("The history table 'awty_delivery_log' does not exist");
			assertThat(((AwtyConfigurationException) rootCause(context.getStartupFailure())).getAction())
				.contains("awty.history.mode=none")
				.contains("<changeSet id=\"awty-2-delivery-log\" author=\"awty\">")
				.contains("<createTable tableName=\"awty_delivery_log\">")
				.contains("<createIndex tableName=\"awty_delivery_log\" indexName=\"awty_delivery_log_type_finished\">")
				.contains("</changeSet>\n\nOr, with Flyway or your own DDL, run this SQL:\n\n-- for H2\n"
						+ "CREATE TABLE awty_delivery_log (id BIGINT GENERATED BY DEFAULT AS IDENTITY NOT NULL, event_type"
						+ " VARCHAR(128) NOT NULL, row_id BIGINT NOT NULL, event_id VARCHAR(255) NOT NULL, due_at TIMESTAMP"
						+ " WITH TIME ZONE, finished_at TIMESTAMP WITH TIME ZONE NOT NULL,")
				.endsWith("\nCREATE INDEX awty_delivery_log_schedule ON awty_delivery_log(schedule_id, finished_at, id);\n"
						+ "ALTER TABLE awty_delivery_log ADD schedule_version BIGINT;");
		});
		this.database.jdbc().execute(PAUSE_TABLE_DDL);
		purchases.withPropertyValues("awty.schema.initialize=false", "awty.history.mode=none")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void failsAtStartupWithThePauseTableChangeSetWhenSchemaInitializationIsOffAndTheTableIsMissing() {
		this.database.jdbc().execute("CREATE TABLE shedlock (name VARCHAR(64) PRIMARY KEY, lock_until TIMESTAMP(3) NOT NULL,"
				+ " locked_at TIMESTAMP(3) NOT NULL, locked_by VARCHAR(255) NOT NULL)");
		ApplicationContextRunner purchases = purchases()
			.withPropertyValues("awty.schema.initialize=false", "awty.history.mode=none");
		purchases.run((context) -> {
			FailureAnalysis analysis = new AwtyConfigurationFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).isEqualTo("awty is misconfigured: The table 'awty_type_pause', which"
					+ " keeps the event types an operator paused (it was added in this version of awty), does not exist");
			assertThat(analysis.getAction()).startsWith("Set awty.schema.initialize=true to let awty create it")
				.contains("<changeSet id=\"awty-12-type-pause\" author=\"awty\">")
				.contains("<createTable tableName=\"awty_type_pause\">")
				.endsWith("Or, with Flyway or your own DDL, run this SQL:\n\n-- for H2\nCREATE TABLE awty_type_pause"
						+ " (type_name VARCHAR(128) NOT NULL, paused_at TIMESTAMP WITH TIME ZONE NOT NULL,"
						+ " CONSTRAINT awty_type_pause_pk PRIMARY KEY (type_name));");
		});
		this.database.jdbc().execute(PAUSE_TABLE_DDL);
		purchases.run((context) -> assertThat(context).hasNotFailed());
	}

	private static Throwable rootCause(Throwable failure) {
		Throwable cause = failure;
		while (cause.getCause() != null) {
			cause = cause.getCause();
		}
		return cause;
	}

}
