package dev.awty.recurring;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;

import dev.awty.ClaimMode;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.context.RecurringConsumerConfiguration;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Recurring schedules at scale on PostgreSQL: the batch create rate through the API, and active schedules of which
 * every 50th bulk-loaded one comes due over ten seconds. Rates and lags are printed, not asserted; the claim plan
 * (through the pending-only index) and exactly-once delivery are. {@code verify} runs 200,000 schedules;
 * {@code -Dawty.test.recurring-schedules=1000000} runs the million whose 18,000 come due at 1,800 a second (the
 * benchmark's {@code recurring} scenario measures lag at that size side by side with Quartz).
 */
class PostgresRecurringScaleIntegrationTests {

	private static final int TOTAL_SCHEDULES = Integer.getInteger("awty.test.recurring-schedules", 200_000);

	private static final int API_SCHEDULES = TOTAL_SCHEDULES / 10;

	private static final int API_BATCH = 10_000;

	private static final int DUE_EVERY_NTH = 50;

	private static final String CLAIM_PLAN = """
			EXPLAIN UPDATE awty_schedule SET claimed_by = 'x', claimed_until = CURRENT_TIMESTAMP + 300000 * INTERVAL '1 millisecond'
			WHERE id IN (SELECT id FROM awty_schedule WHERE enabled = TRUE AND next_fire_at <= CURRENT_TIMESTAMP
			    AND (claimed_until IS NULL OR claimed_until < CURRENT_TIMESTAMP)
			    ORDER BY next_fire_at LIMIT 500 FOR UPDATE SKIP LOCKED)
			RETURNING *
			""";

	@Test
	void createsSchedulesInBatchesAndDeliversTheDueOnesAmongAMillionOnTime() {
		TestDatabase database = TestDatabases.postgres();
		JdbcTemplate jdbc = database.jdbc();
		ReceivedEvents received = new ReceivedEvents();
		AwtyContexts.consuming(RecurringConsumerConfiguration.class, database, received)
			.withPropertyValues("awty.claim.mode=" + ClaimMode.SKIP_LOCKED)
			.run((context) -> {
				RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
				// A warmed-up JVM, as in a service that has been running for a while: it has created schedules and
				// delivered occurrences before.
				List<ScheduleDefinition> warmUp = new ArrayList<>(API_BATCH);
				for (int i = 0; i < API_BATCH; i++) {
					warmUp.add(ScheduleDefinition.of("warm-up-" + i, "0 2 * * *").withTimeZone("Europe/Berlin"));
				}
				schedules.createAll(warmUp);
				jdbc.update("UPDATE awty_schedule SET next_fire_at = CURRENT_TIMESTAMP + INTERVAL '1 second'"
						+ " WHERE id LIKE 'warm-up-%'");
				await().atMost(Duration.ofSeconds(60)).until(() -> received.count() >= API_BATCH);
				// Received is not yet recorded: deleting rows awty is still writing would deadlock with it.
				await().atMost(Duration.ofSeconds(60)).until(() -> jdbc.queryForObject("SELECT count(*) FROM awty_schedule"
						+ " WHERE id LIKE 'warm-up-%' AND (claimed_by IS NOT NULL OR last_fired_at IS NULL)", Long.class) == 0);
				jdbc.update("DELETE FROM awty_schedule WHERE id LIKE 'warm-up-%'");
				long start = System.nanoTime();
				long fastestBatchNanos = Long.MAX_VALUE;
				for (int from = 0; from < API_SCHEDULES; from += API_BATCH) {
					List<ScheduleDefinition> batch = new ArrayList<>(API_BATCH);
					for (int i = from; i < from + API_BATCH; i++) {
						batch.add(ScheduleDefinition.of("tenant-" + i, "0 2 * * *").withTimeZone("Europe/Berlin")
							.withPayload("{\"tenant\":" + i + "}"));
					}
					long batchStart = System.nanoTime();
					schedules.createAll(batch);
					fastestBatchNanos = Math.min(fastestBatchNanos, System.nanoTime() - batchStart);
				}
				double createSeconds = (System.nanoTime() - start) / 1e9;
				System.out.printf("[PostgreSQL] created %,d schedules through createAll in batches of %,d in %.2f s: %,.0f/s "
						+ "(fastest batch %,.0f/s)%n", API_SCHEDULES, API_BATCH, createSeconds, API_SCHEDULES / createSeconds,
						API_BATCH / (fastestBatchNanos / 1e9));

				long bulkStart = System.nanoTime();
				jdbc.update("""
						INSERT INTO awty_schedule (id, expression, time_zone, misfire_policy, enabled, version, next_fire_at,
						       attempts, created_at, updated_at)
						SELECT 'bulk-' || g, '@daily', 'UTC', 'fire-once', TRUE, 1,
						       date_trunc('day', CURRENT_TIMESTAMP) + INTERVAL '1 day', 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP
						FROM generate_series(1, ?) AS g
						""", TOTAL_SCHEDULES - API_SCHEDULES);
				jdbc.execute("ANALYZE awty_schedule");
				System.out.printf("[PostgreSQL] filled up to %,d schedules with generate_series in %.1f s%n", TOTAL_SCHEDULES,
						(System.nanoTime() - bulkStart) / 1e9);

				String plan = String.join("\n", jdbc.queryForList(CLAIM_PLAN, String.class));
				System.out.println("[PostgreSQL] claim plan among " + TOTAL_SCHEDULES + " schedules:\n" + plan);
				assertThat(plan).contains("awty_schedule_due").doesNotContain("Seq Scan");

				// Every 50th bulk schedule comes due over ten seconds, starting well after this update commits (it
				// takes seconds on a loaded machine): a first second due before the poller has seen it would measure
				// the update, not the delivery.
				int due = jdbc.update("""
						UPDATE awty_schedule
						SET next_fire_at = date_trunc('second', CURRENT_TIMESTAMP) + INTERVAL '10 seconds'
						                   + ((CAST(substr(id, 6) AS INT) / ?) %% 10) * INTERVAL '1 second'
						WHERE id LIKE 'bulk-%%' AND CAST(substr(id, 6) AS INT) %% ? = 0
						""".replace("%%", "%"), DUE_EVERY_NTH, DUE_EVERY_NTH);
				System.out.printf("[PostgreSQL] the first of them is due %d ms after the update committed%n",
						jdbc.queryForObject("SELECT CAST(EXTRACT(EPOCH FROM MIN(next_fire_at) - clock_timestamp()) * 1000 AS BIGINT)"
								+ " FROM awty_schedule WHERE id LIKE 'bulk-%' AND next_fire_at < CURRENT_TIMESTAMP + INTERVAL '1 hour'",
								Long.class));
				await().atMost(Duration.ofSeconds(60)).until(() -> bulk(received).size() >= due);
				int arrived = bulk(received).size();
				await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(3)).until(() -> bulk(received).size() == arrived);

				List<Long> lagsMillis = new ArrayList<>();
				Map<Instant, Long> worstPerSecond = new TreeMap<>();
				for (ReceivedEvents.Received occurrence : bulk(received)) {
					Instant generatedAt = (Instant) occurrence.message().getHeaders().get(RecurringHeaders.GENERATED_AT);
					long lag = Duration.between(generatedAt, occurrence.receivedAt()).toMillis();
					lagsMillis.add(lag);
					worstPerSecond.merge(generatedAt, lag, Math::max);
				}
				System.out.println("[PostgreSQL] largest lag of each second's occurrences, in ms: " + worstPerSecond.values());
				Collections.sort(lagsMillis);
				System.out.printf("[PostgreSQL] %,d of %,d schedules came due over 10 s: lag p50 %d ms, p99 %d ms, max %d ms%n",
						due, TOTAL_SCHEDULES, percentile(lagsMillis, 50), percentile(lagsMillis, 99),
						lagsMillis.get(lagsMillis.size() - 1));
				assertThat(bulk(received)).hasSize(due);
				assertThat(received.duplicates()).isZero();
				assertThat(lagsMillis.get(0)).isGreaterThanOrEqualTo(0);
			});
	}

	private static List<ReceivedEvents.Received> bulk(ReceivedEvents received) {
		return received.all().stream()
			.filter((occurrence) -> String.valueOf(occurrence.message().getHeaders().get(RecurringHeaders.SCHEDULE_ID))
				.startsWith("bulk-"))
			.toList();
	}

	private static long percentile(List<Long> sorted, int percent) {
		return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(sorted.size() * percent / 100.0) - 1));
	}

}
