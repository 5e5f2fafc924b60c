package dev.awty.plans;

import java.sql.SQLException;
import java.util.List;
import java.util.stream.LongStream;

import javax.sql.DataSource;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import dev.awty.dialect.PostgresDialect;
import dev.awty.internal.outcome.HeldRowWrites;
import dev.awty.internal.support.IndexPlanning;
import dev.awty.spi.ClaimStatement;
import dev.awty.testing.StatementRecorder;
import dev.awty.testing.StatementRecorder.Recorded;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The delivery path's statements on a table analyzed while it was empty (a new service's first minute, before
 * autovacuum looks at it again) and filled since, most of its rows delivered. Planned from the empty table's
 * statistics, the claim read every entry of the pending-only index through a bitmap (the dead entries of the delivered
 * rows included) and sorted what was left, and the mark of 100 rows ANDed that whole index with the primary key; each
 * took longer than the one before, until autovacuum analyzed the table (lag p99 1.7 to 2.4 s at 5,000 rows/s in the
 * first minute of a fresh cluster). Now the claim walks the index in due order and stops at its limit, and the mark
 * finds its rows by primary key alone (see {@link dev.awty.spi.DialectPlanning#indexPlanning()}).
 */
class PostgresEmptyStatisticsPlanIntegrationTests {

	private static final int ROWS = 50_000;

	private static final int DELIVERED = 45_000;

	private static final int LIMIT = 500;

	private final PostgresDialect dialect = new PostgresDialect();

	private TestDatabase database;

	private DataSource dataSource;

	private JdbcClient jdbc;

	@BeforeEach
	void fillATableAnalyzedWhileEmpty() {
		this.database = TestDatabases.postgres();
		this.database.execute(TestPurchase.TABLE_DDL);
		this.dataSource = this.database.simpleDataSource();
		this.jdbc = JdbcClient.create(this.dataSource);
		this.jdbc.sql(this.dialect.schema().pendingIndex("scheduled_test_purchase")).update();
		// statistics of the empty table, kept whatever the server's autovacuum setting
		this.jdbc.sql("ALTER TABLE scheduled_test_purchase SET (autovacuum_enabled = false)").update();
		this.jdbc.sql("ANALYZE scheduled_test_purchase").update();
		this.jdbc.sql("""
				INSERT INTO scheduled_test_purchase (purchase_id, due_at)
				SELECT n, CURRENT_TIMESTAMP - INTERVAL '1 hour' + n * INTERVAL '1 millisecond'
				FROM generate_series(1, :rows) AS n
				""").param("rows", ROWS).update();
		// delivered, the earliest first: their pending-index entries stay until a vacuum
		this.jdbc.sql("UPDATE scheduled_test_purchase SET status = 'DELIVERED' WHERE purchase_id <= :delivered")
			.param("delivered", DELIVERED)
			.update();
	}

	@Test
	void theClaimWalksThePendingIndexInDueOrderAndStopsAtItsLimit() {
		String text = explainClaim("EXPLAIN (ANALYZE, COSTS OFF) ", false);
		assertThat(text).as(text)
			.containsPattern("Index Scan using scheduled_test_purchase_pending_due on scheduled_test_purchase \\S+ "
					+ "\\(actual time=\\S+ rows=" + LIMIT + " loops=1\\)")
			.doesNotContain("Bitmap")
			.doesNotContain("Sort")
			.doesNotContain("Seq Scan");
	}

	@Test
	void aClaimThatNoIndexServesIsNotCompiled() {
		Boolean jitAvailable = this.jdbc.sql("SELECT pg_jit_available()").query(Boolean.class).single();
		Assumptions.assumeTrue(jitAvailable, "this server has no JIT compiler");

		// Without the due-order index the plan needs the scans turned off, costed past jit_above_cost: compiled, each
		// claim took some 250 ms, on a table of two rows too. (EXPLAIN prints the JIT section only with the costs.)
		String text = explainClaim("EXPLAIN (ANALYZE) ", true);
		assertThat(text).as(text).contains("Seq Scan on scheduled_test_purchase").doesNotContain("JIT");
	}

	/**
	 * The claim's plan as DueClaim runs it: the dialect's planning statements first, in the claim's transaction
	 * (rolled back, the index dropped in it when {@code withoutIndex}).
	 */
	private String explainClaim(String explain, boolean withoutIndex) {
		String claim = ((ClaimStatement.Returning) this.dialect.claimDueRows()).claim()
			.formatted("scheduled_test_purchase", "due_at");
		return new TransactionTemplate(new DataSourceTransactionManager(this.dataSource)).execute((status) -> {
			status.setRollbackOnly();
			if (withoutIndex) {
				this.jdbc.sql("DROP INDEX scheduled_test_purchase_pending_due").update();
			}
			IndexPlanning.apply(this.jdbc, this.dialect.planning().indexPlanning());
			return ClaimPlan.explain(this.jdbc, explain, claim, LIMIT);
		});
	}

	@Test
	void theMarkOfAPartFindsItsRowsByPrimaryKeyAlone() throws SQLException {
		List<Long> part = LongStream.rangeClosed(DELIVERED + 1, DELIVERED + 100).boxed().toList();
		this.jdbc.sql("UPDATE scheduled_test_purchase SET claimed_by = 'me' WHERE id IN (:ids)").param("ids", part).update();
		StatementRecorder recorder = new StatementRecorder();
		DataSource recorded = recorder.wrap(this.dataSource);
		HeldRowWrites writes = new HeldRowWrites("scheduled_test_purchase", this.dialect, JdbcClient.create(recorded),
				new NamedParameterJdbcTemplate(recorded), new TransactionTemplate(new DataSourceTransactionManager(recorded)), 2000);
		assertThat(writes.markDelivered(part, "me")).isEqualTo(part.size());
		Recorded mark = recorder.drain()
			.stream()
			.filter((statement) -> statement.sql().startsWith("UPDATE scheduled_test_purchase SET status = 'DELIVERED'"))
			.findFirst()
			.orElseThrow();
		this.jdbc.sql("UPDATE scheduled_test_purchase SET status = 'PENDING' WHERE id IN (:ids)").param("ids", part).update();

		// explained as it ran: after the dialect's planning statements in its transaction
		String text = String.join("\n", StatementRecorder.explain(this.dataSource, mark, "EXPLAIN (ANALYZE, COSTS OFF) "));

		assertThat(text).as(text)
			.contains("Index Scan using scheduled_test_purchase_pkey")
			.doesNotContain("scheduled_test_purchase_pending_due")
			.doesNotContain("Seq Scan");
	}

}
