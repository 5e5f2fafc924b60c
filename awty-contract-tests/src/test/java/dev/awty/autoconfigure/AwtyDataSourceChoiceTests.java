package dev.awty.autoconfigure;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;

import org.springframework.boot.jdbc.DataSourceBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

import dev.awty.AwtyDataSource;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.context.PurchaseConsumerConfiguration;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which DataSource awty takes when the application has several and none is primary.
 */
class AwtyDataSourceChoiceTests {

	private static final TestDatabase other = TestDatabases.h2();

	private static final TestDatabase scheduling = TestDatabases.h2();

	@Test
	void startsOnTheQualifiedDataSourceWhenNoneIsPrimary() {
		scheduling.execute(TestPurchase.TABLE_DDL);
		AwtyContexts.consuming(PurchaseConsumerConfiguration.class, scheduling, new ReceivedEvents())
			.withUserConfiguration(UnrankedDataSources.class)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(AwtyDatabase.class).dataSource())
					.isSameAs(context.getBean("schedulingDataSource"));
			});
	}

	@Test
	void backsOffWhenSeveralDataSourcesAndNoneIsPrimaryOrQualified() {
		AwtyContexts.runner().withUserConfiguration(PurchaseConsumerConfiguration.class, TwoPlainDataSources.class)
			.withBean(ReceivedEvents.class, ReceivedEvents::new)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context).doesNotHaveBean(AwtyDatabase.class);
			});
	}

	private static DataSource dataSource(TestDatabase database) {
		return DataSourceBuilder.create().url(database.url()).username(database.username())
			.password(database.password()).build();
	}

	@Configuration(proxyBeanMethods = false)
	static class UnrankedDataSources {

		@Bean
		DataSource otherDataSource() {
			return dataSource(other);
		}

		@Bean
		@AwtyDataSource
		DataSource schedulingDataSource() {
			return dataSource(scheduling);
		}

		@Bean
		@AwtyDataSource
		DataSourceTransactionManager awtyTransactionManager(@AwtyDataSource DataSource dataSource) {
			return new DataSourceTransactionManager(dataSource);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class TwoPlainDataSources {

		@Bean
		DataSource otherDataSource() {
			return dataSource(other);
		}

		@Bean
		DataSource schedulingDataSource() {
			return dataSource(scheduling);
		}

	}

}
