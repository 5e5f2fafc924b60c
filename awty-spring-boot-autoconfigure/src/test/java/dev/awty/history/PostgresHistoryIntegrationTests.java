package dev.awty.history;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import dev.awty.internal.housekeeping.HistoryPartitions;
import dev.awty.internal.housekeeping.Housekeeping;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The history contract on PostgreSQL, and what only PostgreSQL does: the history in daily partitions. */
class PostgresHistoryIntegrationTests extends HistoryContractTests {

	PostgresHistoryIntegrationTests() {
		super(TestDatabases::postgres);
	}

	@Test
	void partitionsOfTodayAndTheNextDaysExistFromStartUpAndEntriesOfADayWithoutOneMoveIntoItWhenItIsCreated() {
		purchases(new ReceivedEvents()).run((context) -> {
			HistoryPartitions partitions = Objects.requireNonNull(partitions(context));
			LocalDate today = LocalDate.ofInstant(databaseNow(), ZoneOffset.UTC);
			assertThat(partitions.days()).contains(today, today.plusDays(1), today.plusDays(2), today.plusDays(3));
			LocalDate later = today.plusDays(10);
			insert("test_purchase", 7, "FAILED", later.atStartOfDay(ZoneOffset.UTC).toInstant().plusSeconds(3600),
					"arrived before its day had a partition");
			assertThat(partitionOfRow(7)).isEqualTo("awty_delivery_log_default");

			partitions.create(later);

			assertThat(partitionOfRow(7)).isEqualTo(HistoryPartitions.name(later));
			assertThat(context.getBean(DeliveryHistory.class).ofRow("test_purchase", 7)).singleElement()
				.satisfies((entry) -> assertThat(entry.error()).isEqualTo("arrived before its day had a partition"));
			assertThat(context.getBean(Housekeeping.class).runOnce().historyDaysDropped()).isZero();
			assertThat(partitions.days()).contains(later);
		});
	}

	@Test
	void aDayTheDbaDetachedToArchiveIsKeptWhileDaysPastTheRetentionAreDropped() {
		purchases(new ReceivedEvents(), "awty.history.retention=90d").run((context) -> {
			HistoryPartitions partitions = Objects.requireNonNull(partitions(context));
			LocalDate archived = LocalDate.ofInstant(databaseNow(), ZoneOffset.UTC).minusDays(120);
			partitions.create(archived);
			partitions.create(archived.plusDays(1));
			this.jdbc.execute("ALTER TABLE awty_delivery_log DETACH PARTITION " + HistoryPartitions.name(archived));

			assertThat(context.getBean(Housekeeping.class).runOnce().historyDaysDropped()).isEqualTo(1);

			assertThat(tableExists(HistoryPartitions.name(archived))).as("the DBA's archive").isTrue();
			assertThat(tableExists(HistoryPartitions.name(archived.plusDays(1)))).isFalse();
		});
	}

	@Test
	void aDetachWaitingBehindALongReaderDoesNotHoldUpHistoryInsertsAndTheDayIsRetiredOnceTheReaderIsGone() {
		purchases(new ReceivedEvents(), "awty.history.retention=90d").run((context) -> {
			HistoryPartitions partitions = Objects.requireNonNull(partitions(context));
			LocalDate today = LocalDate.ofInstant(databaseNow(), ZoneOffset.UTC);
			LocalDate old = today.minusDays(120);
			partitions.create(old);
			ExecutorService housekeeping = Executors.newSingleThreadExecutor();
			try (Connection reader = this.database.simpleDataSource().getConnection();
					Connection writer = this.database.simpleDataSource().getConnection()) {
				// A long reader of the history (a pg_dump, say) holds its lock until it ends.
				reader.setAutoCommit(false);
				try (Statement read = reader.createStatement()) {
					read.executeQuery("SELECT COUNT(*) FROM awty_delivery_log").close();
				}
				Future<Integer> dropped = housekeeping.submit(() -> partitions.dropBefore(today.minusDays(90)));
				await().atMost(Duration.ofSeconds(10)).until(() -> this.jdbc.queryForObject("""
						SELECT COUNT(*) FROM pg_stat_activity
						WHERE wait_event_type = 'Lock' AND query LIKE 'ALTER TABLE awty_delivery_log DETACH%'""",
						Integer.class) > 0);
				// An outcome write's history insert, from a service that gives up on a lock after 1 s: it must not
				// queue behind the waiting DETACH for longer.
				try (Statement write = writer.createStatement()) {
					write.execute("SET lock_timeout = '1s'");
					write.executeUpdate("""
							INSERT INTO awty_delivery_log (event_type, row_id, event_id, due_at, finished_at, attempts,
							    check_count, outcome, error, duration_ms, instance_id)
							VALUES ('test_purchase', 8, 'test_purchase/8/1', now(), now(), 1, 0, 'DELIVERED', NULL, 3, 'i')""");
				}
				assertThat(dropped.get(30, TimeUnit.SECONDS)).as("days retired while the reader holds its lock").isZero();
				assertThat(partitions.days()).contains(old);
				reader.rollback();
				assertThat(partitions.dropBefore(today.minusDays(90))).as("days retired once it ended").isEqualTo(1);
				assertThat(tableExists(HistoryPartitions.name(old))).isFalse();
			}
			finally {
				housekeeping.shutdownNow();
			}
		});
	}

	private boolean tableExists(String name) {
		return this.jdbc.queryForObject("SELECT to_regclass(?) IS NOT NULL", Boolean.class, name);
	}

	@Test
	void theHistoryQueriesReadEachPartitionThroughAnIndex() {
		purchases(new ReceivedEvents()).run((context) -> {
			assertThat(partitions(context)).as("PostgreSQL keeps the history in daily partitions").isNotNull();
			String[] queries = { """
					SELECT * FROM awty_delivery_log WHERE event_type = 'test_purchase'
					AND finished_at >= now() - interval '1 day' AND finished_at < now() AND outcome = 'FAILED'
					ORDER BY finished_at, id LIMIT 1000""",
					"SELECT * FROM awty_delivery_log WHERE event_type = 'test_purchase' AND row_id = 7 ORDER BY finished_at, id",
					"""
					SELECT * FROM awty_delivery_log WHERE schedule_id = 'nightly'
					ORDER BY finished_at DESC, id DESC LIMIT 50""" };
			for (String query : queries) {
				String plan = String.join("\n", this.jdbc.queryForList("EXPLAIN " + query, String.class));
				assertThat(plan).as(plan).contains("Index").doesNotContain("Seq Scan");
			}
		});
	}

}
