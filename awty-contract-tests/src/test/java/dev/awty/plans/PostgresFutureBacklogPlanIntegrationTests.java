package dev.awty.plans;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.transaction.support.TransactionTemplate;

import dev.awty.dialect.PostgresDialect;
import dev.awty.internal.support.IndexPlanning;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A table whose statistics hold a backlog of rows due in days, inserted in no particular due order, as a service's
 * reminders table once analyzed. The claim's parameters (its limit, how far ahead, the due floor) are unknown to a
 * generic plan, which PostgreSQL then costs above the custom plans it found for the first executions: it planned
 * every claim anew (70 µs per claim in the benchmark's backlog of 1,000,000 rows). With this backlog it did so at
 * each of the 15 claims; the claim of a held batch is now planned once per connection.
 */
class PostgresFutureBacklogPlanIntegrationTests {

	private static final int BACKLOG = 50_000;

	/** pgjdbc prepares a statement on the server at its fifth execution; the later ones show in pg_prepared_statements. */
	private static final int CLAIMS = 15;

	private final PostgresDialect dialect = new PostgresDialect();

	private SingleConnectionDataSource session;

	private JdbcClient jdbc;

	@BeforeEach
	void loadABacklogDueInDaysAndAnalyzeIt() {
		TestDatabase database = TestDatabases.postgres();
		database.execute(TestPurchase.TABLE_DDL);
		this.session = new SingleConnectionDataSource(database.url(), database.username(), database.password(), true);
		this.jdbc = JdbcClient.create(this.session);
		this.jdbc.sql(this.dialect.schema().pendingIndex("scheduled_test_purchase")).update();
		this.jdbc.sql("""
				INSERT INTO scheduled_test_purchase (purchase_id, due_at)
				SELECT n, CURRENT_TIMESTAMP + INTERVAL '2 days' + random() * INTERVAL '28 days'
				FROM generate_series(1, :rows) AS n
				""").param("rows", BACKLOG).update();
		this.jdbc.sql("ANALYZE scheduled_test_purchase").update();
		this.jdbc.sql("INSERT INTO scheduled_test_purchase (purchase_id, due_at) VALUES (0, CURRENT_TIMESTAMP)").update();
	}

	@AfterEach
	void closeTheSession() {
		this.session.destroy();
	}

	@Test
	void aHeldBatchClaimIsPlannedOncePerConnectionNotAtEveryClaim() {
		String claim = this.dialect.lockDueRows().formatted("scheduled_test_purchase", "due_at", this.dialect.dueFloor());
		TransactionTemplate transactions = new TransactionTemplate(new DataSourceTransactionManager(this.session));
		for (int i = 0; i < CLAIMS; i++) {
			List<Long> claimed = transactions.execute((status) -> {
				status.setRollbackOnly();
				IndexPlanning.apply(this.jdbc, this.dialect.planning().heldBatchPlanning(60_000));
				return this.jdbc.sql(claim)
					.param("limit", 100)
					.param("aheadMillis", 0)
					.param("floorAgoMillis", 60_000)
					.query((rs, row) -> rs.getLong("purchase_id"))
					.list();
			});
			assertThat(claimed).as("claim %d finds the one row due now, not the backlog", i + 1).containsExactly(0L);
		}

		Map<String, Object> plans = this.jdbc.sql("""
				SELECT custom_plans, generic_plans FROM pg_prepared_statements
				WHERE statement LIKE 'SELECT held.*%scheduled_test_purchase%'
				""").query().singleRow();
		assertThat(plans).as("plans of the claim's server-side statement").containsEntry("custom_plans", 0L);
		assertThat((Long) plans.get("generic_plans")).isGreaterThanOrEqualTo(CLAIMS - 5L);
	}

}
