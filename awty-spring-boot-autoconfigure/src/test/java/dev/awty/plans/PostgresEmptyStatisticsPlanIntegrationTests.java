package dev.awty.plans;

import java.sql.SQLException;
import java.util.List;
import java.util.stream.LongStream;

import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import dev.awty.dialect.PostgresDialect;
import dev.awty.internal.claim.HeldRowWrites;
import dev.awty.testing.StatementRecorder;
import dev.awty.testing.StatementRecorder.Recorded;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The mark of delivered rows on a table analyzed while it was empty (a new service's first minute, before autovacuum
 * looks at it again) and filled since, most of its rows delivered. Planned from the empty table's statistics, the mark
 * of 100 rows tested {@code status = 'PENDING'}, which matches the pending-only index's predicate, and ANDed that whole
 * index (the dead entries of the delivered rows included) with the primary key: 50,192 entries read for 100 rows, more
 * with each row delivered, until autovacuum analyzed the table. Now it finds its rows by primary key alone (see
 * {@link dev.awty.spi.SqlDialect#indexPlanning()}).
 */
class PostgresEmptyStatisticsPlanIntegrationTests {

	private static final int ROWS = 50_000;

	private static final int DELIVERED = 45_000;

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
		this.jdbc.sql(this.dialect.pendingIndex("scheduled_test_purchase")).update();
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
