package dev.awty.repository;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;

import dev.awty.dialect.PostgresDialect;
import dev.awty.internal.model.EventTypeFactory;
import dev.awty.internal.selection.JdbcEventRepositories;
import dev.awty.internal.table.EventTable;
import dev.awty.internal.wakeup.DueSignals;
import dev.awty.internal.wakeup.DueTimeSlots;
import dev.awty.internal.wakeup.WakeUps;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One million scheduled rows: moving the 100,000 of one album through a join, and reading the first page of
 * another album's, with the indexes the README recommends. Times are printed, not asserted; the plan is.
 */
class PostgresRepositoryScaleIntegrationTests {

	private static final String FIRST_PAGE_PLAN = """
			EXPLAIN SELECT e.* FROM scheduled_test_purchase e JOIN purchase p ON (p.id = e.purchase_id)
			WHERE e.status IN ('PENDING') AND (p.album_id = 2) ORDER BY e.due_at, e.id LIMIT 50 OFFSET 0
			""";

	@Test
	void movesAHundredThousandRowsOfOneAlbumAndPagesAnotherAmongAMillion() {
		TestDatabase database = TestDatabases.postgres();
		JdbcTemplate jdbc = database.jdbc();
		jdbc.execute(TestPurchase.TABLE_DDL);
		jdbc.execute("CREATE TABLE purchase (id BIGINT PRIMARY KEY, album_id BIGINT NOT NULL, customer_email VARCHAR(320))");
		// album 1 has purchases 1..100,000; the other 900,000 belong to albums of 100 purchases each
		jdbc.execute("""
				INSERT INTO purchase (id, album_id, customer_email)
				SELECT n, CASE WHEN n <= 100000 THEN 1 ELSE 2 + (n - 100001) / 100 END, 'fan' || n || '@example.com'
				FROM generate_series(1, 1000000) AS n
				""");
		jdbc.execute("""
				INSERT INTO scheduled_test_purchase (purchase_id, due_at)
				SELECT n, CURRENT_TIMESTAMP + INTERVAL '30 days' + n * INTERVAL '1 second' FROM generate_series(1, 1000000) AS n
				""");
		jdbc.execute("CREATE INDEX purchase_album ON purchase (album_id)");
		jdbc.execute("CREATE INDEX scheduled_test_purchase_purchase ON scheduled_test_purchase (purchase_id)");
		jdbc.execute("CREATE INDEX scheduled_test_purchase_pending ON scheduled_test_purchase (due_at) WHERE status = 'PENDING'");
		jdbc.execute("ANALYZE purchase");
		jdbc.execute("ANALYZE scheduled_test_purchase");

		PostgresDialect dialect = new PostgresDialect();
		HikariDataSource pool = new HikariDataSource();
		pool.setJdbcUrl(database.url());
		pool.setUsername(database.username());
		pool.setPassword(database.password());
		pool.setMaximumPoolSize(2);
		EventTable<?> table = new EventTable<>(new EventTypeFactory(dialect).create(TestPurchase.class), dialect, pool);
		EventRepositories repositories = new JdbcEventRepositories(List.of(table),
				new DueSignals(new WakeUps(Clock.systemUTC()), false), new DueTimeSlots(Map.of()));

		long start = System.nanoTime();
		ChangeResult moved = album(repositories, 1).rescheduleTo(Instant.now().plus(Duration.ofDays(60)));
		long rescheduleMillis = Duration.ofNanos(System.nanoTime() - start).toMillis();
		assertThat(moved).isEqualTo(new ChangeResult(100_000, 0));
		assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM scheduled_test_purchase WHERE version = 2", Integer.class))
			.isEqualTo(100_000);

		List<Long> pageMicros = new ArrayList<>();
		for (int i = 0; i < 7; i++) {
			long pageStart = System.nanoTime();
			assertThat(album(repositories, 2).list(50)).hasSize(50);
			pageMicros.add(Duration.ofNanos(System.nanoTime() - pageStart).toNanos() / 1000);
		}
		Collections.sort(pageMicros);
		String plan = String.join("\n", jdbc.queryForList(FIRST_PAGE_PLAN, String.class));
		System.out.printf("[PostgreSQL, 1,000,000 scheduled rows] rescheduled 100,000 rows of one album by join in %d ms;"
				+ " first page of another album: median %.1f ms%n%s%n", rescheduleMillis, pageMicros.get(3) / 1000.0, plan);
		assertThat(plan).as("the first page reads through indexes, not the whole scheduled table")
			.doesNotContain("Seq Scan on scheduled_test_purchase")
			.contains("Index");
		pool.close();
	}

	private static Selection<TestPurchase> album(EventRepositories repositories, long albumId) {
		return repositories.select(TestPurchase.class)
			.join("purchase", "p", "p.id = e.purchase_id")
			.where("p.album_id = :albumId")
			.param("albumId", albumId);
	}

}
