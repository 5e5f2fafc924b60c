package dev.awty.jpa;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;

import dev.awty.dialect.PostgresDialect;
import dev.awty.jpa.shop.Reminders;
import dev.awty.repository.ChangeResult;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.StatementRecorder;
import dev.awty.testing.StatementRecorder.Recorded;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;

/** What only PostgreSQL shows: the plans of the statements the JPA fragment sends to its scheduled table. */
class PostgresJpaIntegrationTests {

	private static final int CUSTOMERS = 20;

	private static final int REMINDERS = 4_000;

	// Review 290fa67, m10: the fragment wrote "id IN (sub-select)", the shape the JDBC Selection avoids on PostgreSQL
	// because on tables without statistics it is planned as a semi join that reads the whole table. Every statement the
	// fragment sends to the scheduled table, right after a bulk load nobody analyzed, is explained with its values.
	@Test
	void aSpecificationRescheduleRightAfterABulkLoadReadsTheScheduledTableByIndexNotWhole() throws SQLException {
		TestDatabase database = TestDatabases.postgres();
		StatementRecorder recorder = new StatementRecorder();
		DataSource pool = database.simpleDataSource();
		DataSource recorded = recorder.wrap(pool);
		List<Recorded> statements = new ArrayList<>();
		JpaContexts.billing(database, new ReceivedEvents())
			.withBean(DataSource.class, () -> recorded)
			.withPropertyValues("awty.poller.poll-interval=1m", "awty.housekeeping.interval=1h")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				load(database);
				recorder.drain();
				ChangeResult result = context.getBean(Reminders.class)
					.rescheduleTo(Reminders.ofCustomer(3), Instant.now().plus(Duration.ofDays(2)));
				assertThat(result.changed()).isEqualTo(REMINDERS / CUSTOMERS);
				statements.addAll(recorder.drain());
			});
		List<String> problems = new ArrayList<>();
		int onScheduledTable = 0;
		for (Recorded statement : statements) {
			String sql = statement.sql().toLowerCase();
			if (!sql.contains("scheduled_invoice_reminder") || sql.startsWith("select current_timestamp")) {
				continue;
			}
			onScheduledTable++;
			List<String> plan = StatementRecorder.explain(pool, statement, "EXPLAIN ");
			for (String line : plan) {
				if (line.contains("Seq Scan on scheduled_invoice_reminder") || line.contains("Semi Join")
						|| line.contains("SubPlan")) {
					problems.add(statement + "\n  " + String.join("\n  ", plan));
					break;
				}
			}
		}
		assertThat(onScheduledTable).as("statements of the fragment on the scheduled table").isGreaterThanOrEqualTo(2);
		assertThat(problems).as("statements reading the whole scheduled table or running a sub-select per row").isEmpty();
	}

	// Rows loaded in bulk into tables autovacuum leaves alone: no statistics, as right after a load.
	private static void load(TestDatabase database) {
		var jdbc = database.jdbc();
		for (String table : List.of("customer", "invoice", "scheduled_invoice_reminder")) {
			jdbc.execute("ALTER TABLE " + table + " SET (autovacuum_enabled = false)");
		}
		jdbc.execute("CREATE INDEX invoice_customer ON invoice (customer_id)");
		jdbc.execute("CREATE INDEX reminder_invoice ON scheduled_invoice_reminder (invoice_id)");
		jdbc.execute(new PostgresDialect().schema().pendingIndex("scheduled_invoice_reminder"));
		jdbc.execute("INSERT INTO customer (id, name) SELECT n, 'c' || n FROM generate_series(1, " + CUSTOMERS + ") n");
		jdbc.execute("INSERT INTO invoice (id, customer_id, amount) SELECT 1000000 + n, 1 + n % " + CUSTOMERS
				+ ", n FROM generate_series(1, " + REMINDERS + ") n");
		jdbc.execute("INSERT INTO scheduled_invoice_reminder (invoice_id, due_at) SELECT 1000000 + n, "
				+ "CURRENT_TIMESTAMP + INTERVAL '1 day' FROM generate_series(1, " + REMINDERS + ") n");
	}

}
