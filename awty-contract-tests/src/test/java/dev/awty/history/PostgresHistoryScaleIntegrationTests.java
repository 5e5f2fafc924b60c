package dev.awty.history;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;

import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "What failed yesterday" for one type among 1,000,000 history entries spread over 90 days. The time is
 * printed, not asserted; the plan is.
 */
class PostgresHistoryScaleIntegrationTests {

	private static final String FAILED_YESTERDAY_PLAN = """
			EXPLAIN SELECT * FROM awty_delivery_log
			WHERE event_type = 'test_purchase' AND finished_at >= ? AND finished_at < ?
			  AND outcome IN ('FAILED', 'RETRY') AND outcome = 'FAILED'
			ORDER BY finished_at, id LIMIT 10000
			""";

	@Test
	void answersWhatFailedYesterdayForOneTypeAmongAMillionEntriesThroughTheTypeAndTimeIndex() {
		TestDatabase database = TestDatabases.postgres();
		JdbcTemplate jdbc = database.jdbc();
		jdbc.execute(TestPurchase.TABLE_DDL);
		AwtyContexts.purchases(database, new ReceivedEvents())
			.withPropertyValues("awty.poller.poll-interval=1h", "awty.claim.lease=2h")
			.run((context) -> {
				// One entry every 7.776 s over the last 90 days, about one in 37 of them a failure.
				jdbc.execute("""
						INSERT INTO awty_delivery_log (event_type, row_id, event_id, due_at, finished_at, attempts,
						                               check_count, outcome, error, duration_ms, instance_id)
						SELECT 'test_purchase', n, 'test_purchase/' || n || '/1',
						       CURRENT_TIMESTAMP - n * INTERVAL '7776 milliseconds',
						       CURRENT_TIMESTAMP - n * INTERVAL '7776 milliseconds', 1, 0,
						       CASE WHEN n % 37 = 0 THEN 'FAILED' ELSE 'DELIVERED' END,
						       CASE WHEN n % 37 = 0 THEN 'IllegalStateException: broker down' END, 2, 'scale-test'
						FROM generate_series(1, 1000000) AS n
						""");
				jdbc.execute("ANALYZE awty_delivery_log");
				DeliveryHistory history = context.getBean(DeliveryHistory.class);
				LocalDate today = LocalDate.now(ZoneOffset.UTC);
				Instant from = today.minusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
				Instant to = today.atStartOfDay(ZoneOffset.UTC).toInstant();
				long expected = jdbc.queryForObject("""
						SELECT COUNT(*) FROM awty_delivery_log
						WHERE finished_at >= ? AND finished_at < ? AND outcome = 'FAILED'
						""", Long.class, from.atOffset(ZoneOffset.UTC), to.atOffset(ZoneOffset.UTC));

				List<Long> micros = new ArrayList<>();
				for (int i = 0; i < 7; i++) {
					long start = System.nanoTime();
					List<DeliveryRecord> failed = history.failures("test_purchase", from, to, DeliveryHistory.MAX_LIMIT);
					micros.add(Duration.ofNanos(System.nanoTime() - start).toNanos() / 1000);
					assertThat(failed).hasSize((int) expected)
						.allSatisfy((entry) -> assertThat(entry.outcome()).isEqualTo(DeliveryOutcome.FAILED));
				}
				long firstMicros = micros.get(0);
				Collections.sort(micros);
				String plan = String.join("\n", jdbc.queryForList(FAILED_YESTERDAY_PLAN, String.class,
						from.atOffset(ZoneOffset.UTC), to.atOffset(ZoneOffset.UTC)));
				System.out.printf("[PostgreSQL, 1,000,000 history entries] failed yesterday for one type: %d rows,"
						+ " first %.1f ms, median of 7 %.1f ms%n%s%n", expected, firstMicros / 1000.0,
						micros.get(3) / 1000.0, plan);
				assertThat(expected).as("yesterday had failures to find").isGreaterThan(250);
				// Each partition's indexes are named after it: the plan names the partitions' copies of awty's.
				assertThat(plan).as("reads each partition it needs through an index")
					.containsPattern("Index (Only )?Scan")
					.doesNotContain("Seq Scan");
			});
	}

}
