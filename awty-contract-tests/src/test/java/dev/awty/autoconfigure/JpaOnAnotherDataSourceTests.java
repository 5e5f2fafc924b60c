package dev.awty.autoconfigure;

import javax.sql.DataSource;

import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.boot.autoconfigure.AutoConfigurationPackages;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.jdbc.DataSourceBuilder;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.integration.channel.DirectChannel;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.orm.jpa.JpaTransactionManager;

import dev.awty.AwtyDataSource;
import dev.awty.autoconfigure.diagnostics.AwtyConfigurationFailureAnalyzer;
import dev.awty.jpa.JpaContexts;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.jpamapped.MappedReminder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A JPA-mapped event class in an application with two DataSources: awty's tables on the one qualified
 * {@code @AwtyDataSource}, Boot's EntityManagerFactory on the primary one.
 */
class JpaOnAnotherDataSourceTests {

	private static final TestDatabase primary = TestDatabases.h2();

	private static final TestDatabase scheduling = TestDatabases.h2();

	static {
		scheduling.execute(MappedReminder.TABLE_DDL);
	}

	@Test
	void failsAtStartupNamingClassFactoryAndBothDataSourcesWhenTheEntityManagerFactoryIsOnAnotherDataSource() {
		runner().withUserConfiguration(PrimaryIsNotAwtys.class).run((context) -> {
			assertThat(context).hasFailed();
			FailureAnalysis analysis = new AwtyConfigurationFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis).as("awty's analysis of " + context.getStartupFailure()).isNotNull();
			assertThat(analysis.getDescription()).isEqualTo("awty is misconfigured: awty event class "
					+ MappedReminder.class.getName() + " is an @Entity of EntityManagerFactory 'entityManagerFactory'"
					+ " on DataSource 'primaryDataSource', but awty keeps its rows on DataSource 'schedulingDataSource'"
					+ " (@AwtyDataSource): JPA would load, insert and query them in a database awty does not poll");
			assertThat(analysis.getAction()).isEqualTo("Map MappedReminder in an EntityManagerFactory on DataSource"
					+ " 'schedulingDataSource' only (keep its package out of the ones 'entityManagerFactory' scans, e.g."
					+ " with @EntityScan), or remove @Entity from MappedReminder so that awty maps it without JPA.");
		});
	}

	@Test
	void startsWhenTheEntityManagerFactoryIsOnTheAwtyDataSource() {
		runner().withUserConfiguration(PrimaryIsAwtys.class).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context.getBean(AwtyEventTypes.class).names()).containsExactly("mapped_reminder");
		});
	}

	private static ApplicationContextRunner runner() {
		return JpaContexts.jpa()
			.withBean("reminders", DirectChannel.class)
			.withInitializer((context) -> AutoConfigurationPackages.register(
					(BeanDefinitionRegistry) context.getBeanFactory(), MappedReminder.class.getPackageName()));
	}

	private static DataSource dataSource(TestDatabase database) {
		return DataSourceBuilder.create().url(database.url()).username(database.username())
			.password(database.password()).build();
	}

	@Configuration(proxyBeanMethods = false)
	static class PrimaryIsNotAwtys {

		@Bean
		@Primary
		DataSource primaryDataSource() {
			return dataSource(primary);
		}

		@Bean
		@AwtyDataSource
		DataSource schedulingDataSource() {
			return dataSource(scheduling);
		}

		@Bean
		@Primary
		JpaTransactionManager transactionManager(EntityManagerFactory entityManagerFactory) {
			return new JpaTransactionManager(entityManagerFactory);
		}

		@Bean
		@AwtyDataSource
		DataSourceTransactionManager awtyTransactionManager(@AwtyDataSource DataSource dataSource) {
			return new DataSourceTransactionManager(dataSource);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class PrimaryIsAwtys {

		@Bean
		DataSource otherDataSource() {
			return dataSource(primary);
		}

		@Bean
		@Primary
		@AwtyDataSource
		DataSource schedulingDataSource() {
			return dataSource(scheduling);
		}

	}

}
