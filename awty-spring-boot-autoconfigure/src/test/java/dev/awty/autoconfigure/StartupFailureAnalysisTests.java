package dev.awty.autoconfigure;

import org.hsqldb.jdbc.JDBCDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import dev.awty.testing.AwtyContexts;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.broken.BrokenEvent;
import dev.awty.testing.events.missing.MissingTableEvent;
import dev.awty.testing.events.purchase.TestPurchase;
import dev.awty.testing.events.reserved.RecurringNamedEvent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * Starts really broken applications and checks what the user is told.
 */
@ExtendWith(OutputCaptureExtension.class)
class StartupFailureAnalysisTests {

	private final TestDatabase database = TestDatabases.h2();

	@Test
	void failsAtStartupWithChangeSetWhenDueAtColumnMissing() {
		this.database.jdbc().execute(BrokenEvent.TABLE_DDL);
		runner(BrokenEvent.class).run((context) -> {
			FailureAnalysis analysis = new ScheduledTableFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).isEqualTo(
					"The table 'scheduled_broken' of awty event type 'broken' cannot be used:\n  - column 'due_at' is missing");
			assertThat(analysis.getAction()).startsWith("Add this changeSet to your Liquibase changelog")
				.contains("<changeSet id=\"awty-fix-scheduled_broken\" author=\"awty\">")
				.contains("<addColumn tableName=\"scheduled_broken\">")
				.contains("<column name=\"due_at\" type=\"TIMESTAMP WITH TIME ZONE\"><constraints nullable=\"false\"/></column>")
				.contains("<sql>CREATE INDEX scheduled_broken_pending_due ON scheduled_broken (status, due_at)</sql>")
				.doesNotContain("name=\"status\"");
		});
	}

	@Test
	void failsAtStartupWithCreateTableChangeSetWhenTableMissing() {
		runner(MissingTableEvent.class).run((context) -> {
			FailureAnalysis analysis = new ScheduledTableFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).endsWith("  - table 'scheduled_shipment' does not exist");
			assertThat(analysis.getAction()).contains("<createTable tableName=\"scheduled_shipment\">")
				.contains("<column name=\"shipment_id\" type=\"BIGINT\"/>")
				.contains("<column name=\"claimed_until\" type=\"TIMESTAMP WITH TIME ZONE\"/>");
		});
	}

	@Test
	void failsAtStartupWithTypeNamedWhenTimestampColumnHasNoTimeZone() {
		this.database.jdbc().execute(TestPurchase.TABLE_DDL.replace("due_at TIMESTAMP WITH TIME ZONE", "due_at TIMESTAMP"));
		runner(TestPurchase.class).run((context) -> {
			FailureAnalysis analysis = new ScheduledTableFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription())
				.contains("column 'due_at' has type TIMESTAMP but needs TIMESTAMP WITH TIME ZONE");
			assertThat(analysis.getAction()).contains(
					"<modifyDataType tableName=\"scheduled_test_purchase\" columnName=\"due_at\" newDataType=\"TIMESTAMP WITH TIME ZONE\"/>");
		});
	}

	@Test
	void refusesAnEventTypeNamedLikeTheRecurringSchedulesNamingTheAnnotationToChange() {
		runner(RecurringNamedEvent.class).run((context) -> {
			FailureAnalysis analysis = new AwtyConfigurationFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).isEqualTo("awty is misconfigured: @ScheduledEvent class "
					+ RecurringNamedEvent.class.getName() + " is named 'awty_recurring' (the name defaults to the table"
					+ " name without 'scheduled_'), which is reserved for awty's recurring schedules");
			assertThat(analysis.getAction()).isEqualTo("Give RecurringNamedEvent another name with"
					+ " @ScheduledEvent(name = \"...\"): its metrics, health and history are kept under that name.");
		});
	}

	@Test
	void refusesAnUnknownDatabaseByNameListingSupportedOnesAndTheForcingProperty() {
		JDBCDataSource hsqldb = new JDBCDataSource();
		hsqldb.setUrl("jdbc:hsqldb:mem:awty");
		hsqldb.setUser("sa");
		AwtyContexts.runner().withBean(javax.sql.DataSource.class, () -> hsqldb).run((context) -> {
			FailureAnalysis analysis = new UnsupportedDatabaseFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).isEqualTo("awty does not support the database 'HSQL Database Engine'"
					+ " of the application's DataSource. Supported databases: PostgreSQL, H2, MariaDB, MySQL.");
			assertThat(analysis.getAction()).contains("awty.database.dialect").contains("[postgresql, h2, mariadb, mysql]")
				.contains("awty.enabled=false");
		});
	}

	@Test
	void failsAtStartupNamingTheChannelWhenNoSuchChannelExists() {
		this.database.jdbc().execute(TestPurchase.TABLE_DDL);
		runner(TestPurchase.class).run((context) -> {
			FailureAnalysis analysis = new AwtyConfigurationFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).isEqualTo("awty is misconfigured: Event type 'test_purchase' publishes"
					+ " to channel 'testPurchases', but no such channel exists");
			assertThat(analysis.getAction()).contains("@ServiceActivator(inputChannel = \"testPurchases\")");
		});
	}

	@Test
	void springApplicationPrintsTheChangeSetWhenTheTableIsBroken(CapturedOutput output) {
		this.database.jdbc().execute(BrokenEvent.TABLE_DDL);
		SpringApplication application = new SpringApplication(BrokenApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		assertThatException().isThrownBy(() -> application.run("--spring.datasource.url=" + this.database.url(),
				"--spring.liquibase.enabled=false"));
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("The table 'scheduled_broken' of awty event type 'broken' cannot be used")
			.contains("<addColumn tableName=\"scheduled_broken\">");
	}

	private ApplicationContextRunner runner(Class<?> eventType) {
		return AwtyContexts.runner()
			.withUserConfiguration(PackageOf.class)
			.withPropertyValues(this.database.datasourceProperties())
			.withInitializer((context) -> org.springframework.boot.autoconfigure.AutoConfigurationPackages
				.register((org.springframework.beans.factory.support.BeanDefinitionRegistry) context.getBeanFactory(),
						eventType.getPackageName()));
	}

	@SpringBootConfiguration(proxyBeanMethods = false)
	static class PackageOf {

	}

	@SpringBootConfiguration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	@AutoConfigurationPackage(basePackageClasses = BrokenEvent.class)
	static class BrokenApplication {

	}

}
