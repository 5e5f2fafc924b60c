package dev.awty.autoconfigure.schema;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

import liquibase.integration.spring.SpringLiquibase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.core.io.DefaultResourceLoader;

import dev.awty.EventScheduler;
import dev.awty.history.DeliveryHistory;
import dev.awty.history.DeliveryOutcome;
import dev.awty.history.DeliveryRecord;
import dev.awty.housekeeping.HousekeepingRuns;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

/**
 * The lean history table: a new database gets only the indexes awty's queries read (on PostgreSQL no primary key and
 * no index on {@code (event_type, finished_at)}; elsewhere {@code (event_type, outcome, finished_at)} in its place),
 * the queries answer from them, and a database created by the awty of before starts, says in one warning what to
 * change (as a changeSet and as SQL), and works as before until it is changed. Written once and run on every database
 * by {@link OnEveryDatabase}.
 */
@OnEveryDatabase
@ExtendWith(OutputCaptureExtension.class)
class LeanHistoryContractTests extends DatabaseContractTests {

	private static final String PREVIOUS_CHANGELOG = "classpath:dev/awty/schema/awty-changelog-before-lean-history.xml";

	private static final String WARNING = "awty: the history table 'awty_delivery_log' ";

	private static final String INSERT_ENTRY = """
			INSERT INTO awty_delivery_log (event_type, row_id, event_id, due_at, finished_at, attempts, check_count,
			                               outcome, error, duration_ms, instance_id)
			VALUES (?, ?, ?, ?, ?, 1, 0, ?, ?, 3, 'lean-test')
			""";

	LeanHistoryContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@BeforeEach
	void createScheduledTable() {
		this.database.execute(TestPurchase.TABLE_DDL);
	}

	private ApplicationContextRunner purchases(ReceivedEvents received) {
		return AwtyContexts.purchases(this.database, received)
			.withPropertyValues("awty.poller.poll-interval=100ms", "awty.history.retention=30d");
	}

	@Test
	void aNewDatabaseGetsOnlyTheHistoryIndexesThatAwtysQueriesRead(CapturedOutput output) {
		purchases(new ReceivedEvents()).run((context) -> {
			assertThat(context).hasNotFailed();
			if (onPostgres()) {
				assertThat(primaryKey()).as("no primary key: no query reads one").isEmpty();
				assertThat(indexes()).isEqualTo(Map.of(
						"awty_delivery_log_type_row", List.of("event_type", "row_id"),
						"awty_delivery_log_schedule", List.of("schedule_id", "finished_at", "id"),
						"awty_delivery_log_failures", List.of("event_type", "outcome", "finished_at", "id")));
			}
			else {
				assertThat(primaryKey()).as("the rows are stored in it").containsExactly("id");
				assertThat(indexes()).isEqualTo(Map.of(
						"awty_delivery_log_type_row", List.of("event_type", "row_id"),
						"awty_delivery_log_schedule", List.of("schedule_id", "finished_at", "id"),
						"awty_delivery_log_outcome", List.of("event_type", "outcome", "finished_at")));
			}
		});
		assertThat(output).doesNotContain(WARNING);
	}

	@Test
	void aRowsHistoryTheFailuresOfADayAndTheRecentFailuresComeFromTheLeanSchema() {
		purchases(new ReceivedEvents()).run((context) -> {
			assertTheQueriesAnswer(context.getBean(DeliveryHistory.class));
		});
	}

	@Test
	void retentionRemovesTheEntriesOlderThanTheRetentionFromTheLeanSchema() {
		purchases(new ReceivedEvents()).run((context) -> {
			Instant now = this.database.databaseNow();
			insert("test_purchase", 1, "DELIVERED", now.minus(Duration.ofDays(40)), null);
			insert("test_purchase", 2, "FAILED", now.minus(Duration.ofDays(35)), "long ago");
			insert("test_purchase", 3, "DELIVERED", now.minus(Duration.ofHours(1)), null);

			context.getBean(HousekeepingRuns.class).runNow();

			assertThat(rowIds()).containsExactly(3L);
		});
	}

	@Test
	void anInstallationOnThePreviousSchemaStartsWarnsOnceWithTheChangeSetAndSqlAndWorksAsBefore(CapturedOutput output)
			throws Exception {
		createTablesWithThePreviousChangelog();
		purchases(new ReceivedEvents()).withPropertyValues("awty.schema.initialize=false").run((context) -> {
			assertThat(context).hasNotFailed();
			assertTheQueriesAnswer(context.getBean(DeliveryHistory.class));

			long id = context.getBean(EventScheduler.class).schedule(new TestPurchase(1), this.database.databaseNow());
			await().atMost(Duration.ofSeconds(10))
				.until(() -> !context.getBean(DeliveryHistory.class).ofRow("test_purchase", id).isEmpty());

			Instant now = this.database.databaseNow();
			insert("test_purchase", 900, "DELIVERED", now.minus(Duration.ofDays(40)), null);
			context.getBean(HousekeepingRuns.class).runNow();
			assertThat(rowIds()).as("retention deletes through the old indexes too").doesNotContain(900L).contains(id);
		});
		List<String> warnings = output.getAll().lines().filter((line) -> line.contains(WARNING)).toList();
		assertThat(warnings).as("one warning").hasSize(1);
		String warning = output.getAll().substring(output.getAll().indexOf(WARNING));
		if (onPostgres()) {
			assertThat(warnings.get(0)).contains(WARNING + "has the primary key awty_delivery_log_pkey and the index"
					+ " awty_delivery_log_type_finished, which an earlier version of awty created and no query of awty"
					+ " reads now (its daily partitions serve time). Every history entry is written on the delivery path");
			assertThat(warning).contains("<changeSet id=\"awty-14-lean-history\" author=\"awty\" dbms=\"postgresql\">")
				.contains("\n\nOr, with Flyway or your own DDL, run this SQL:\n\n-- for PostgreSQL\n"
						+ "ALTER TABLE awty_delivery_log DROP CONSTRAINT IF EXISTS awty_delivery_log_pkey;\n"
						+ "DROP INDEX IF EXISTS awty_delivery_log_type_finished;");
		}
		else {
			assertThat(warnings.get(0)).contains(WARNING + "has the index awty_delivery_log_type_finished, which an"
					+ " earlier version of awty created and no query of awty reads now, and lacks the index"
					+ " awty_delivery_log_outcome (event_type, outcome, finished_at), which serves the failures of a period"
					+ " and housekeeping's deletes. Every history entry is written on the delivery path");
			assertThat(warning)
				.contains("<changeSet id=\"awty-14-lean-history-composite\" author=\"awty\" dbms=\"!postgresql\">")
				.contains("\n\nOr, with Flyway or your own DDL, run this SQL:\n\n-- for " + this.database.name() + "\n"
						+ "CREATE INDEX awty_delivery_log_outcome ON awty_delivery_log(event_type, outcome, finished_at);\n"
						+ (this.database.isMySqlFamily()
								? "DROP INDEX awty_delivery_log_type_finished ON awty_delivery_log;"
								: "DROP INDEX awty_delivery_log_type_finished;"));
		}
	}

	@Test
	void awtysInitializerMakesThePreviousSchemaLeanKeepingItsEntries(CapturedOutput output) throws Exception {
		createTablesWithThePreviousChangelog();
		Instant yesterday = yesterday();
		insert("test_purchase", 1, "FAILED", yesterday.plusSeconds(60), "before the change");
		purchases(new ReceivedEvents()).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(indexes()).doesNotContainKey("awty_delivery_log_type_finished");
			if (onPostgres()) {
				assertThat(primaryKey()).isEmpty();
			}
			else {
				assertThat(indexes()).containsKey("awty_delivery_log_outcome");
			}
			assertThat(context.getBean(DeliveryHistory.class)
				.failures("test_purchase", yesterday, yesterday.plus(Duration.ofDays(1)), 10))
				.extracting(DeliveryRecord::error)
				.containsExactly("before the change");
		});
		assertThat(output).doesNotContain(WARNING);
	}

	/** Entries of two types over two days; the answers hold whatever indexes the table has. */
	private void assertTheQueriesAnswer(DeliveryHistory history) {
		Instant yesterday = yesterday();
		insert("test_purchase", 11, "RETRY", yesterday.plusSeconds(1800), "broker down");
		insert("test_purchase", 11, "FAILED", yesterday.plusSeconds(3600), "broker down");
		insert("test_purchase", 12, "FAILED", yesterday.plusSeconds(7200), "poison payload");
		insert("test_purchase", 13, "FAILED", yesterday.minusSeconds(1), "the day before");
		insert("test_purchase", 14, "DELIVERED", yesterday.plusSeconds(60), null);
		insert("other", 11, "FAILED", yesterday.plusSeconds(60), "another type");
		Instant now = this.database.databaseNow();
		insert("test_purchase", 11, "DELIVERED", now.minus(Duration.ofMinutes(30)), null);
		insert("test_purchase", 15, "FAILED", now.minus(Duration.ofMinutes(20)), "mailbox full");

		assertThat(history.failures("test_purchase", yesterday, yesterday.plus(Duration.ofDays(1)), 100))
			.extracting(DeliveryRecord::rowId, DeliveryRecord::error)
			.containsExactly(tuple(11L, "broker down"), tuple(12L, "poison payload"));
		assertThat(history.ofRow("test_purchase", 11)).extracting(DeliveryRecord::outcome)
			.containsExactly(DeliveryOutcome.RETRY, DeliveryOutcome.FAILED, DeliveryOutcome.DELIVERED);
		assertThat(history.recent("test_purchase", DeliveryOutcome.FAILED, Duration.ofHours(1), 10))
			.extracting(DeliveryRecord::rowId)
			.containsExactly(15L);
		assertThat(history.recent("test_purchase", DeliveryOutcome.RETRY, Duration.ofDays(3), 10))
			.extracting(DeliveryRecord::rowId)
			.containsExactly(11L);
		assertThat(history.find("test_purchase", null, yesterday, yesterday.plus(Duration.ofDays(1)), 100))
			.extracting(DeliveryRecord::rowId, DeliveryRecord::outcome)
			.containsExactly(tuple(14L, DeliveryOutcome.DELIVERED), tuple(11L, DeliveryOutcome.RETRY),
					tuple(11L, DeliveryOutcome.FAILED), tuple(12L, DeliveryOutcome.FAILED));
		assertThat(history.countsByDay("test_purchase", LocalDate.ofInstant(yesterday, ZoneOffset.UTC),
				LocalDate.ofInstant(yesterday, ZoneOffset.UTC)))
			.extracting((count) -> count.outcome() + " " + count.count())
			.containsExactly("DELIVERED 1", "FAILED 2", "RETRY 1");
	}

	private void createTablesWithThePreviousChangelog() throws Exception {
		SpringLiquibase liquibase = new SpringLiquibase();
		liquibase.setDataSource(this.database.simpleDataSource());
		liquibase.setResourceLoader(new DefaultResourceLoader());
		liquibase.setChangeLog(PREVIOUS_CHANGELOG);
		liquibase.setDatabaseChangeLogTable(AwtySchemaInitializer.CHANGELOG_TABLE);
		liquibase.setDatabaseChangeLogLockTable(AwtySchemaInitializer.CHANGELOG_LOCK_TABLE);
		liquibase.setChangeLogParameters(Map.of("awty.lockTable", "shedlock"));
		liquibase.afterPropertiesSet();
		assertThat(indexes()).as("the previous schema").containsKey("awty_delivery_log_type_finished");
	}

	private static Instant yesterday() {
		return LocalDate.now(ZoneOffset.UTC).minusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
	}

	private void insert(String type, long rowId, String outcome, Instant finishedAt, String error) {
		this.jdbc.update(INSERT_ENTRY, type, rowId, type + "/" + rowId + "/1", this.database.timestamp(finishedAt),
				this.database.timestamp(finishedAt), outcome, error);
	}

	private List<Long> rowIds() {
		return this.jdbc.queryForList("SELECT row_id FROM awty_delivery_log ORDER BY row_id", Long.class);
	}

	private boolean onPostgres() {
		return this.database.name().equals("PostgreSQL");
	}

	/** The columns of the history table's primary key, in key order. */
	private List<String> primaryKey() {
		return metaData((metaData, catalog, schema, table) -> {
			Map<Short, String> columns = new TreeMap<>();
			try (ResultSet rs = metaData.getPrimaryKeys(catalog, schema, table)) {
				while (rs.next()) {
					columns.put(rs.getShort("KEY_SEQ"), rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
				}
			}
			return new ArrayList<>(columns.values());
		});
	}

	/** The history table's indexes other than its primary key's, by name, with their columns in index order. */
	private Map<String, List<String>> indexes() {
		return metaData((metaData, catalog, schema, table) -> {
			Map<String, Map<Short, String>> indexes = new TreeMap<>();
			try (ResultSet rs = metaData.getIndexInfo(catalog, schema, table, false, false)) {
				while (rs.next()) {
					if (rs.getBoolean("NON_UNIQUE") && rs.getString("INDEX_NAME") != null) {
						indexes.computeIfAbsent(rs.getString("INDEX_NAME").toLowerCase(Locale.ROOT), (name) -> new TreeMap<>())
							.put(rs.getShort("ORDINAL_POSITION"), rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
					}
				}
			}
			Map<String, List<String>> columns = new TreeMap<>();
			indexes.forEach((name, positions) -> columns.put(name, new ArrayList<>(positions.values())));
			return columns;
		});
	}

	private <T> T metaData(MetaDataQuery<T> query) {
		try (Connection connection = this.database.simpleDataSource().getConnection()) {
			String table = onPostgres() || this.database.isMySqlFamily() ? "awty_delivery_log" : "AWTY_DELIVERY_LOG";
			return query.read(connection.getMetaData(), connection.getCatalog(), connection.getSchema(), table);
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private interface MetaDataQuery<T> {

		T read(DatabaseMetaData metaData, String catalog, String schema, String table) throws SQLException;

	}

}
