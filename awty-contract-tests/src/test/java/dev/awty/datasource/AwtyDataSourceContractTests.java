package dev.awty.datasource;

import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;
import java.util.stream.Stream;
import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.jdbc.DataSourceBuilder;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.BadSqlGrammarException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import dev.awty.AwtyConfigurationException;
import dev.awty.AwtyDataSource;
import dev.awty.EventScheduler;
import dev.awty.EventStatus;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ContractMatrix;
import dev.awty.testing.context.PurchaseConsumerConfiguration;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A service with two DataSources that keeps awty's tables on the one qualified {@code @AwtyDataSource}, not on its
 * primary one; run from its matrix below that say where that second database is.
 */
@ParameterizedClass
@MethodSource("matrix")
class AwtyDataSourceContractTests extends DatabaseContractTests {

	/** The service's primary database, always H2; awty's is {@link #database}, from the matrix. */
	private TestDatabase primary;

	/** awty's tables on a second H2 database beside the primary one, and on PostgreSQL beside a primary H2. */
	static Stream<Arguments> matrix() {
		return Stream.of(ContractMatrix.h2(),
				ContractMatrix.postgres());
	}

	AwtyDataSourceContractTests(Supplier<TestDatabase> awtyDatabases) {
		super(awtyDatabases);
	}

	@BeforeEach
	void createTheScheduledTableOnTheAwtyDatabaseOnly() {
		this.primary = TestDatabases.h2();
		this.database.execute(TestPurchase.TABLE_DDL);
		this.database.execute("CREATE TABLE purchase (id BIGINT PRIMARY KEY)");
	}

	private ApplicationContextRunner twoDataSources(ReceivedEvents received, Class<?>... configurations) {
		return AwtyContexts.consuming(PurchaseConsumerConfiguration.class, this.database, received)
			.withUserConfiguration(TwoDataSources.class)
			.withUserConfiguration(configurations)
			.withPropertyValues("test.primary.url=" + this.primary.url(), "test.primary.username=" + this.primary.username(),
					"test.primary.password=" + this.primary.password(), "test.awty.url=" + this.database.url(),
					"test.awty.username=" + this.database.username(),
					"test.awty.password=" + this.database.password(), "awty.poller.poll-interval=200ms");
	}

	@Test
	void deliversRowsOfTheAwtyDataSourceAndKeepsAwtysTablesOffThePrimary() {
		ReceivedEvents received = new ReceivedEvents();
		twoDataSources(received, AwtyTransactionManager.class).run((context) -> {
			assertThat(context).hasNotFailed();
			EventScheduler scheduler = context.getBean(EventScheduler.class);
			long id = scheduler.schedule(new TestPurchase(7), Instant.now().minusSeconds(1));

			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 1);
			await().atMost(Duration.ofSeconds(5))
				.until(() -> scheduler.find(TestPurchase.class, id).orElseThrow().getStatus() == EventStatus.DELIVERED);
			JdbcTemplate awty = this.jdbc;
			await().atMost(Duration.ofSeconds(5)).until(
					() -> awty.queryForObject("SELECT COUNT(*) FROM awty_delivery_log", Integer.class) == 1);
			assertThat(awty.queryForObject("SELECT COUNT(*) FROM shedlock", Integer.class)).isPositive();
			for (String table : new String[] { "awty_delivery_log", "awty_schedule", "shedlock" }) {
				assertThatExceptionOfType(BadSqlGrammarException.class)
					.as("table %s on the primary DataSource", table)
					.isThrownBy(() -> this.primary.jdbc().queryForObject("SELECT COUNT(*) FROM " + table, Integer.class));
			}
		});
	}

	@Test
	void schedulingInATransactionOfTheAwtyDataSourceCommitsAndRollsBackWithIt() {
		twoDataSources(new ReceivedEvents(), AwtyTransactionManager.class).run((context) -> {
			assertThat(context).hasNotFailed();
			EventScheduler scheduler = context.getBean(EventScheduler.class);
			TransactionTemplate transaction = new TransactionTemplate(
					context.getBean("awtyTransactionManager", PlatformTransactionManager.class));
			JdbcTemplate domain = new JdbcTemplate(context.getBean("schedulingDataSource", DataSource.class));
			Instant later = Instant.now().plus(Duration.ofHours(1));

			transaction.executeWithoutResult((status) -> {
				domain.update("INSERT INTO purchase (id) VALUES (1)");
				scheduler.schedule(new TestPurchase(1), later);
				status.setRollbackOnly();
			});
			assertThat(count("purchase")).isZero();
			assertThat(count("scheduled_test_purchase")).isZero();

			transaction.executeWithoutResult((status) -> {
				domain.update("INSERT INTO purchase (id) VALUES (2)");
				scheduler.schedule(new TestPurchase(2), later);
			});
			assertThat(count("purchase")).isOne();
			assertThat(count("scheduled_test_purchase")).isOne();
		});
	}

	@Test
	void failsAtStartupNamingTheTransactionManagersWhenNoneManagesTheAwtyDataSource() {
		twoDataSources(new ReceivedEvents()).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).isInstanceOfSatisfying(AwtyConfigurationException.class,
					(failure) -> {
						assertThat(failure).hasMessage("The @AwtyDataSource DataSource 'schedulingDataSource' has no "
								+ "transaction manager: none of ['transactionManager' (of DataSource "
								+ "'primaryDataSource')] manages it, so a @Transactional method could not schedule in "
								+ "the same transaction as its changes there");
						assertThat(failure.getAction()).startsWith("Declare a DataSourceTransactionManager (or a "
								+ "JpaTransactionManager) for the @AwtyDataSource bean and qualify it @AwtyDataSource, "
								+ "e.g. @Bean @AwtyDataSource DataSourceTransactionManager awtyTransactionManager("
								+ "@AwtyDataSource DataSource dataSource)");
					});
		});
	}

	private int count(String table) {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM " + table, Integer.class);
	}

	@Configuration(proxyBeanMethods = false)
	static class TwoDataSources {

		@Bean
		@Primary
		DataSource primaryDataSource(Environment environment) {
			return dataSource(environment, "test.primary");
		}

		@Bean
		@AwtyDataSource
		DataSource schedulingDataSource(Environment environment) {
			return dataSource(environment, "test.awty");
		}

		@Bean
		@Primary
		DataSourceTransactionManager transactionManager(DataSource dataSource) {
			return new DataSourceTransactionManager(dataSource);
		}

		private static DataSource dataSource(Environment environment, String prefix) {
			return DataSourceBuilder.create()
				.url(environment.getRequiredProperty(prefix + ".url"))
				.username(environment.getRequiredProperty(prefix + ".username"))
				.password(environment.getRequiredProperty(prefix + ".password"))
				.build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class AwtyTransactionManager {

		@Bean
		@AwtyDataSource
		DataSourceTransactionManager awtyTransactionManager(@AwtyDataSource DataSource dataSource) {
			return new DataSourceTransactionManager(dataSource);
		}

	}

}
