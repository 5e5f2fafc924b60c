package dev.awty.example.twodatasources;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.flyway.autoconfigure.FlywayDataSource;
import org.springframework.boot.jdbc.DataSourceBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.jdbc.support.JdbcTransactionManager;

import dev.awty.AwtyDataSource;

/**
 * The two DataSources and a transaction manager for each. Declaring any DataSource or transaction manager makes
 * Spring Boot drop its own, so both are declared here, the catalog's {@code @Primary}.
 */
// tag::datasources[]
@Configuration(proxyBeanMethods = false)
class DataSources {

	@Bean
	@Primary
	@ConfigurationProperties("app.catalog.datasource") // Hikari's own keys: jdbc-url, username, maximum-pool-size
	HikariDataSource catalogDataSource() {
		return DataSourceBuilder.create().type(HikariDataSource.class).build();
	}

	@Bean
	@Primary
	JdbcTransactionManager transactionManager(DataSource catalogDataSource) {
		return new JdbcTransactionManager(catalogDataSource);
	}

	@Bean
	@AwtyDataSource // awty's tables, the scheduled tables and the domain tables their foreign keys point at
	@FlywayDataSource // the service's migrations run here, not on the catalog
	@ConfigurationProperties("app.orders.datasource")
	HikariDataSource ordersDataSource() {
		return DataSourceBuilder.create().type(HikariDataSource.class).build();
	}

	@Bean
	@AwtyDataSource
	JdbcTransactionManager ordersTransactionManager(@AwtyDataSource DataSource ordersDataSource) {
		return new JdbcTransactionManager(ordersDataSource);
	}
}
// end::datasources[]
