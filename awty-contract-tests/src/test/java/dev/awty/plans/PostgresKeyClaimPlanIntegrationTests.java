package dev.awty.plans;


import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.simple.JdbcClient;

import dev.awty.dialect.PostgresDialect;
import dev.awty.spi.ClaimStatement;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The claim of a type limited to one row in flight per key, on a table never analyzed: due rows found through the
 * pending-only index, each key's other rows through the key's index. Once it read the whole pending-only index for
 * every due row (647 s at 200,000 rows). At this size PostgreSQL without statistics still reads every due row (and
 * looks its key up) before sorting, about 8 µs a row; from some 100,000 rows on it reads in due order and stops at
 * the batch.
 */
class PostgresKeyClaimPlanIntegrationTests {

	private static final int ROWS = 50_000;

	private static final int LIMIT = 100;

	@Test
	void oneRowPerKeyClaimFindsRowsAndKeysThroughTheirIndexesOnAnUnanalyzedTable() {
		TestDatabase database = TestDatabases.postgres();
		database.execute(TestPurchase.TABLE_DDL);
		JdbcClient jdbc = JdbcClient.create(database.simpleDataSource());
		jdbc.sql("CREATE INDEX scheduled_test_purchase_pending ON scheduled_test_purchase (due_at) WHERE status = 'PENDING'")
			.update();
		jdbc.sql("CREATE INDEX scheduled_test_purchase_key ON scheduled_test_purchase (purchase_id)").update();
		// depends on vacuum: an autovacuum run that analyzed the table between the insert and the plan would make
		// this the plan of an analyzed table, so the table is kept out of autovacuum whatever the server's setting
		jdbc.sql("ALTER TABLE scheduled_test_purchase SET (autovacuum_enabled = false)").update();
		// every row due, ten per key; the first 1,000 keys have a row in flight
		jdbc.sql("""
				INSERT INTO scheduled_test_purchase (purchase_id, due_at, claimed_by, claimed_until)
				SELECT n % (:rows / 10), CURRENT_TIMESTAMP - INTERVAL '1 hour' + n * INTERVAL '1 millisecond',
				       CASE WHEN n <= 1000 THEN 'other' END, CASE WHEN n <= 1000 THEN CURRENT_TIMESTAMP + INTERVAL '1 minute' END
				FROM generate_series(1, :rows) AS n
				""").param("rows", ROWS).update();
		String claim = ((ClaimStatement.Returning) new PostgresDialect().claimDueRowsOnePerKey()).claim()
			.formatted("scheduled_test_purchase", "due_at", "purchase_id");

		jdbc.sql("SET statement_timeout = '20s'").update();
		String text = ClaimPlan.explain(jdbc, "EXPLAIN (ANALYZE, COSTS OFF) ", claim, LIMIT);
		assertThat(text).as(text).contains("Index Scan on scheduled_test_purchase_pending")
			.contains("Index Scan on scheduled_test_purchase_key")
			.contains("rows=" + LIMIT + " loops=1")
			.doesNotContain("BitmapAnd")
			.doesNotContain("Seq Scan");
	}

}
