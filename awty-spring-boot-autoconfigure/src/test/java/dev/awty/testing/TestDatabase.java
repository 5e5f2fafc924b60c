package dev.awty.testing;

import javax.sql.DataSource;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * A database for one test class: a JDBC URL with its credentials, isolated from other test classes.
 */
public record TestDatabase(String name, String url, String username, String password) {

	public String[] datasourceProperties() {
		return new String[] { "spring.datasource.url=" + this.url, "spring.datasource.username=" + this.username,
				"spring.datasource.password=" + this.password, "spring.datasource.hikari.maximum-pool-size=8" };
	}

	public DataSource simpleDataSource() {
		return new DriverManagerDataSource(this.url, this.username, this.password);
	}

	public JdbcTemplate jdbc() {
		return new JdbcTemplate(simpleDataSource());
	}

	@Override
	public String toString() {
		return this.name;
	}

}
