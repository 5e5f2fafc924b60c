package dev.awty.autoconfigure;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.util.Map;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import dev.awty.autoconfigure.diagnostics.ScheduledTableFailureAnalyzer;
import dev.awty.autoconfigure.diagnostics.UnsupportedDatabaseVersionFailureAnalyzer;
import dev.awty.dialect.DialectDetector;
import dev.awty.dialect.MariaDbDialect;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.missing.MissingTableEvent;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a MariaDB user is told at start-up: the timestamp type awty needs there, and the oldest version it runs on.
 */
class MariaDbStartupIntegrationTests {

	private final TestDatabase database = TestDatabases.mariadb();

	@Test
	void refusesATimestampColumnOnMariaDbAndPrintsTheDatetimeChangeSet() {
		this.database.execute(TestPurchase.TABLE_DDL.replace("due_at TIMESTAMP WITH TIME ZONE", "due_at TIMESTAMP(6)"));
		runner(TestPurchase.class).run((context) -> {
			FailureAnalysis analysis = new ScheduledTableFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).contains("column 'due_at' has type TIMESTAMP but needs DATETIME(6)");
			assertThat(analysis.getAction()).contains(
					"<modifyDataType tableName=\"scheduled_test_purchase\" columnName=\"due_at\" newDataType=\"DATETIME(6)\"/>");
		});
	}

	@Test
	void printsACreateTableChangeSetWithUtcDatetimeColumnsOnMariaDb() {
		runner(MissingTableEvent.class).run((context) -> {
			FailureAnalysis analysis = new ScheduledTableFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getAction()).contains("<column name=\"claimed_until\" type=\"DATETIME(6)\"/>")
				.contains("<column name=\"created_at\" type=\"DATETIME(6)\" defaultValueComputed=\"(UTC_TIMESTAMP(6))\">")
				.contains("<sql>CREATE INDEX scheduled_shipment_pending_due ON scheduled_shipment (status, due_at)</sql>");
		});
	}

	@Test
	void detectsMariaDbThroughMySqlsDriverWhichCallsItMySql() throws Exception {
		String url = this.database.url().replace("jdbc:mariadb:", "jdbc:mysql:");
		DataSource mysqlDriver = new DriverManagerDataSource(url, this.database.username(), this.database.password());
		try (Connection connection = mysqlDriver.getConnection()) {
			assertThat(connection.getMetaData().getDatabaseProductName()).isEqualTo("MySQL");
		}
		assertThat(DialectDetector.detect(mysqlDriver, null)).isInstanceOf(MariaDbDialect.class);
	}

	@Test
	void failsAtStartupOnMariaDbOlderThan10_6NamingTheVersionAndTheMinimum() {
		reportingVersion("MariaDB", "10.5.27-MariaDB", 10, 5).run((context) -> {
			FailureAnalysis analysis = new UnsupportedDatabaseVersionFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).isEqualTo("awty needs MariaDB 10.6 or later, but the application's"
					+ " DataSource is MariaDB 10.5.27-MariaDB. Older versions cannot skip locked rows (FOR UPDATE SKIP"
					+ " LOCKED), which awty's claims rely on.");
			assertThat(analysis.getAction())
				.isEqualTo("Upgrade the database to MariaDB 10.6 or later, or set awty.enabled=false to switch awty off.");
		});
	}

	@Test
	void readsMariaDbsVersionFromTheVersionTextWhenMySqlsDriverReportsFiveFive() {
		reportingVersion("MySQL", "5.5.5-10.4.34-MariaDB-1:10.4.34", 5, 5).run((context) -> {
			FailureAnalysis analysis = new UnsupportedDatabaseVersionFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).startsWith("awty needs MariaDB 10.6 or later, but the application's"
					+ " DataSource is MariaDB 5.5.5-10.4.34-MariaDB-1:10.4.34.");
		});
	}

	@Test
	void failsAtStartupOnMySqlOlderThan8NamingTheVersionAndTheMinimum() {
		reportingVersion("MySQL", "5.7.44", 5, 7).run((context) -> {
			FailureAnalysis analysis = new UnsupportedDatabaseVersionFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).startsWith("awty needs MySQL 8.0 or later, but the application's"
					+ " DataSource is MySQL 5.7.44.");
		});
	}

	private ApplicationContextRunner runner(Class<?> eventType) {
		return AwtyContexts.runner()
			.withPropertyValues(this.database.datasourceProperties())
			.withInitializer((context) -> org.springframework.boot.autoconfigure.AutoConfigurationPackages
				.register((org.springframework.beans.factory.support.BeanDefinitionRegistry) context.getBeanFactory(),
						eventType.getPackageName()));
	}

	/**
	 * An application whose DataSource is the real MariaDB but reports an older product version: no such server runs
	 * here, and only the metadata's answers are changed.
	 */
	private ApplicationContextRunner reportingVersion(String product, String version, int major, int minor) {
		Map<String, Object> answers = Map.of("getDatabaseProductName", product, "getDatabaseProductVersion", version,
				"getDatabaseMajorVersion", major, "getDatabaseMinorVersion", minor);
		DataSource reporting = new DelegatingDataSource(this.database.simpleDataSource()) {
			@Override
			public Connection getConnection() throws java.sql.SQLException {
				Connection connection = super.getConnection();
				return proxy(Connection.class, connection, Map.of("getMetaData",
						proxy(DatabaseMetaData.class, connection.getMetaData(), answers)));
			}
		};
		return AwtyContexts.runner().withBean(DataSource.class, () -> reporting);
	}

	private static <T> T proxy(Class<T> type, T target, Map<String, Object> answers) {
		return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] { type }, (self, method, args) -> {
			if (answers.containsKey(method.getName()) && method.getParameterCount() == 0) {
				return answers.get(method.getName());
			}
			try {
				return method.invoke(target, args);
			}
			catch (InvocationTargetException ex) {
				throw ex.getCause();
			}
		}));
	}

}
