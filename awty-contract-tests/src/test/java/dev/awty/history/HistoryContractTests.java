package dev.awty.history;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javax.sql.DataSource;

import net.javacrumbs.shedlock.core.ClockProvider;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.core.SimpleLock;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import dev.awty.EventScheduler;
import dev.awty.EventStatus;
import dev.awty.housekeeping.HousekeepingRuns;
import dev.awty.internal.housekeeping.HistoryPartitions;
import dev.awty.internal.housekeeping.Housekeeping;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.repository.ChangeResult;
import dev.awty.repository.EventRepositories;
import dev.awty.repository.Selection;
import dev.awty.spi.DailyHistoryPartitions;
import dev.awty.spi.SqlDialect;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The history table: what is written per setting, the queries on it, and retention; written once and run on
 * every database by {@link OnEveryDatabase}.
 */
@OnEveryDatabase
class HistoryContractTests extends DatabaseContractTests {

	private static final String INSERT_ENTRY = """
			INSERT INTO awty_delivery_log (event_type, row_id, event_id, due_at, finished_at, attempts, check_count,
			                               outcome, error, duration_ms, instance_id)
			VALUES (?, ?, ?, ?, ?, 1, 0, ?, ?, 3, 'test-instance')
			""";

	HistoryContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@BeforeEach
	void createScheduledTable() {
		this.database.execute(TestPurchase.TABLE_DDL);
	}

	ApplicationContextRunner purchases(ReceivedEvents received, String... properties) {
		return AwtyContexts.purchases(this.database, received)
			.withPropertyValues("awty.poller.poll-interval=100ms", "awty.retry.initial-backoff=100ms",
					"awty.retry.jitter=0", "awty.instance-id=history-test")
			.withPropertyValues(properties);
	}

	@Test
	void recordsEveryDeliveredRowOfATypeWithoutHandlerByDefault() {
		purchases(new ReceivedEvents()).run((context) -> {
			Instant dueAt = databaseNow();
			List<TestPurchase> purchases = List.of(new TestPurchase(1), new TestPurchase(2), new TestPurchase(3));
			context.getBean(EventScheduler.class).scheduleAll(purchases, dueAt);

			await().atMost(Duration.ofSeconds(10)).until(() -> entries() == 3);

			List<DeliveryRecord> entries = context.getBean(DeliveryHistory.class)
				.find("test_purchase", null, dueAt.minusSeconds(60), databaseNow().plusSeconds(1), 10);
			assertThat(entries).hasSize(3).allSatisfy((entry) -> {
				assertThat(entry.outcome()).isEqualTo(DeliveryOutcome.DELIVERED);
				assertThat(entry.eventId()).isEqualTo("test_purchase/" + entry.rowId() + "/1");
				assertThat(entry.attempts()).isEqualTo(1);
				assertThat(entry.instanceId()).isEqualTo("history-test");
				assertThat(entry.error()).isNull();
				assertThat(entry.scheduleId()).isNull();
				assertThat(entry.scheduleVersion()).isNull();
				assertThat(entry.finishedAt()).isAfterOrEqualTo(entry.dueAt());
			});
		});
	}

	@Test
	void recordsOnlyFailedAttemptsWhenHistoryIsFailures() {
		purchases(new ReceivedEvents().failFirst(1), "awty.types.test_purchase.history=failures").run((context) -> {
			EventScheduler scheduler = context.getBean(EventScheduler.class);
			long id = scheduler.schedule(new TestPurchase(1), databaseNow());

			await().atMost(Duration.ofSeconds(10))
				.until(() -> scheduler.find(TestPurchase.class, id).orElseThrow().getStatus() == EventStatus.DELIVERED);

			assertThat(context.getBean(DeliveryHistory.class).ofRow("test_purchase", id)).singleElement()
				.satisfies((entry) -> {
					assertThat(entry.outcome()).isEqualTo(DeliveryOutcome.RETRY);
					assertThat(entry.error()).isEqualTo("IllegalStateException: consumer is down (call 1)");
				});
		});
	}

	@Test
	void writesNothingWhenHistoryIsNone() {
		ReceivedEvents received = new ReceivedEvents();
		purchases(received, "awty.history.mode=none").run((context) -> {
			context.getBean(EventScheduler.class).scheduleAll(List.of(new TestPurchase(1), new TestPurchase(2)),
					databaseNow());

			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 2);
			await().atMost(Duration.ofSeconds(5)).until(() -> this.jdbc.queryForObject(
					"SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = 'DELIVERED'", Integer.class) == 2);
			assertThat(entries()).isZero();
		});
	}

	@Test
	void recordsRowsCancelledThroughTheRepositoryInTheCancellingTransactionOnly() {
		purchases(new ReceivedEvents()).run((context) -> {
			EventScheduler scheduler = context.getBean(EventScheduler.class);
			Instant future = databaseNow().plus(Duration.ofDays(1));
			long first = scheduler.schedule(new TestPurchase(1), future);
			long second = scheduler.schedule(new TestPurchase(2), future);
			scheduler.schedule(new TestPurchase(3), future);
			Selection<TestPurchase> firstTwo = context.getBean(EventRepositories.class).select(TestPurchase.class)
				.where("e.purchase_id <= :max").param("max", 2);
			TransactionTemplate transaction = new TransactionTemplate(context.getBean(PlatformTransactionManager.class));

			transaction.executeWithoutResult((status) -> {
				assertThat(firstTwo.cancel().changed()).isEqualTo(2);
				status.setRollbackOnly();
			});
			assertThat(entries()).as("rolled back with the caller's transaction").isZero();

			assertThat(firstTwo.cancel().changed()).isEqualTo(2);
			assertThat(firstTwo.cancel().changed()).isZero();

			DeliveryHistory history = context.getBean(DeliveryHistory.class);
			assertThat(List.of(first, second)).allSatisfy((id) -> assertThat(history.ofRow("test_purchase", id))
				.singleElement()
				.satisfies((entry) -> {
					assertThat(entry.outcome()).isEqualTo(DeliveryOutcome.CANCELLED);
					assertThat(entry.eventId()).isEqualTo("test_purchase/" + id + "/1");
					assertThat(entry.instanceId()).isEqualTo("history-test");
				}));
			assertThat(entries()).isEqualTo(2);
		});
	}

	@Test
	void recordsExactlyTheRowsACancelThroughAJoinCancelledNotThoseInFlightOrCancelledBefore() {
		this.jdbc.execute("CREATE TABLE purchase (id BIGINT PRIMARY KEY, album_id BIGINT NOT NULL)");
		this.jdbc.update("INSERT INTO purchase (id, album_id) VALUES (1, 1), (2, 1), (3, 1), (4, 2)");
		purchases(new ReceivedEvents()).run((context) -> {
			EventScheduler scheduler = context.getBean(EventScheduler.class);
			Instant future = databaseNow().plus(Duration.ofDays(1));
			long pending = scheduler.schedule(new TestPurchase(1), future);
			long inFlight = scheduler.schedule(new TestPurchase(2), future);
			long cancelledBefore = scheduler.schedule(new TestPurchase(3), future);
			long otherAlbum = scheduler.schedule(new TestPurchase(4), future);
			this.jdbc.update("UPDATE scheduled_test_purchase SET claimed_by = 'other', claimed_until = ? WHERE id = ?",
					utc(databaseNow().plus(Duration.ofHours(1))), inFlight);
			this.jdbc.update("UPDATE scheduled_test_purchase SET status = 'CANCELLED' WHERE id = ?", cancelledBefore);
			Selection<TestPurchase> album = context.getBean(EventRepositories.class).select(TestPurchase.class)
				.join("purchase", "p", "p.id = e.purchase_id")
				.where("p.album_id = :album")
				.param("album", 1);

			assertThat(album.cancel()).isEqualTo(new ChangeResult(1, 1));

			DeliveryHistory history = context.getBean(DeliveryHistory.class);
			assertThat(history.ofRow("test_purchase", pending)).singleElement().satisfies((entry) -> {
				assertThat(entry.outcome()).isEqualTo(DeliveryOutcome.CANCELLED);
				assertThat(entry.eventId()).isEqualTo("test_purchase/" + pending + "/1");
				assertThat(entry.instanceId()).isEqualTo("history-test");
			});
			assertThat(List.of(inFlight, cancelledBefore, otherAlbum))
				.allSatisfy((id) -> assertThat(history.ofRow("test_purchase", id)).isEmpty());
			assertThat(entries()).isEqualTo(1);
		});
	}

	@Test
	void answersWhatFailedInARangeOrRecentlyTheHistoryOfOneRowAndCountsByOutcomePerDay() {
		purchases(new ReceivedEvents()).run((context) -> {
			DeliveryHistory history = context.getBean(DeliveryHistory.class);
			Instant yesterday = LocalDate.now(ZoneOffset.UTC).minusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
			insert("test_purchase", 1, "FAILED", yesterday.plusSeconds(3600), "broker down");
			insert("test_purchase", 1, "RETRY", yesterday.plusSeconds(1800), "broker down");
			insert("test_purchase", 2, "FAILED", yesterday.plusSeconds(7200), "poison payload");
			insert("test_purchase", 3, "FAILED", yesterday.minusSeconds(1), "the day before");
			insert("test_purchase", 4, "DELIVERED", yesterday.plusSeconds(60), null);
			insert("other", 5, "FAILED", yesterday.plusSeconds(60), "another type");

			assertThat(history.failures("test_purchase", yesterday, yesterday.plus(Duration.ofDays(1)), 100))
				.extracting(DeliveryRecord::rowId, DeliveryRecord::error)
				.containsExactly(org.assertj.core.groups.Tuple.tuple(1L, "broker down"),
						org.assertj.core.groups.Tuple.tuple(2L, "poison payload"));
			assertThat(history.ofRow("test_purchase", 1)).extracting(DeliveryRecord::outcome)
				.containsExactly(DeliveryOutcome.RETRY, DeliveryOutcome.FAILED);
			LocalDate day = LocalDate.ofInstant(yesterday, ZoneOffset.UTC);
			assertThat(history.countsByDay("test_purchase", day.minusDays(1), day)).containsExactly(
					new OutcomeCount("test_purchase", day.minusDays(1), DeliveryOutcome.FAILED, 1),
					new OutcomeCount("test_purchase", day, DeliveryOutcome.DELIVERED, 1),
					new OutcomeCount("test_purchase", day, DeliveryOutcome.FAILED, 2),
					new OutcomeCount("test_purchase", day, DeliveryOutcome.RETRY, 1));
			assertThatIllegalArgumentException().isThrownBy(() -> history.failures("test_purchase", yesterday, yesterday, 10))
				.withMessageStartingWith("to must be after from");
			assertThatIllegalArgumentException().isThrownBy(() -> history.find("", null, yesterday, Instant.now(), 10))
				.withMessageStartingWith("type must be an event type name");
			assertThatIllegalArgumentException()
				.isThrownBy(() -> history.find("test_purchase", null, yesterday, Instant.now(), 0))
				.withMessage("limit must be between 1 and 10000, was 0");

			// Recent failures count back from the database's clock and come newest first.
			Instant now = databaseNow();
			insert("test_purchase", 6, "FAILED", now.minus(Duration.ofMinutes(50)), "relay refused");
			insert("test_purchase", 7, "FAILED", now.minus(Duration.ofMinutes(20)), "mailbox full");
			insert("test_purchase", 8, "RETRY", now.minus(Duration.ofMinutes(10)), "try later");
			assertThat(history.recent("test_purchase", DeliveryOutcome.FAILED, Duration.ofHours(1), 10))
				.extracting(DeliveryRecord::rowId, DeliveryRecord::error)
				.containsExactly(org.assertj.core.groups.Tuple.tuple(7L, "mailbox full"),
						org.assertj.core.groups.Tuple.tuple(6L, "relay refused"));
			assertThat(history.recent("test_purchase", DeliveryOutcome.FAILED, Duration.ofMinutes(30), 10))
				.extracting(DeliveryRecord::rowId).containsExactly(7L);
			assertThat(history.recent("test_purchase", DeliveryOutcome.FAILED, Duration.ofDays(30), 1))
				.extracting(DeliveryRecord::rowId).containsExactly(7L);
			assertThatIllegalArgumentException()
				.isThrownBy(() -> history.recent("test_purchase", DeliveryOutcome.FAILED, Duration.ZERO, 10))
				.withMessage("period must be positive, such as PT24H, was PT0S");
		});
	}

	@Test
	void retentionDeletesOldHistoryInBatchesOfTheBatchSizeAndKeepsRecentEntries() {
		purchases(new ReceivedEvents(), "awty.housekeeping.batch-size=5000", "awty.history.retention=90d")
			.run((context) -> {
				Instant now = databaseNow();
				insertMany(12_005, now.minus(Duration.ofDays(91)));
				insert("test_purchase", 1, "DELIVERED", now.minus(Duration.ofDays(89)), null);
				insert("test_purchase", 2, "DELIVERED", now.minusSeconds(5), null);

				Housekeeping.Run run = context.getBean(Housekeeping.class).runOnce();

				assertThat(run.ran()).isTrue();
				assertThat(run.history().rows()).isEqualTo(12_005);
				assertThat(run.history().statements()).as("deleted 5,000 at a time").isEqualTo(3);
				assertThat(this.jdbc.queryForList("SELECT row_id FROM awty_delivery_log ORDER BY row_id", Long.class))
					.containsExactly(1L, 2L);
				assertThat(context.getBean(HousekeepingRuns.class).runNow().historyEntriesDeleted()).isZero();
			});
	}

	@Test
	void retentionRetiresTheDaysOlderThanTheRetentionWholeByDroppingTheirPartitionsWhereTheHistoryIsPartitioned() {
		purchases(new ReceivedEvents(), "awty.history.retention=90d").run((context) -> {
			Instant now = databaseNow();
			LocalDate cutoffDay = LocalDate.ofInstant(now.minus(Duration.ofDays(90)), ZoneOffset.UTC);
			HistoryPartitions partitions = partitions(context);
			if (partitions != null) {
				List.of(cutoffDay.minusDays(2), cutoffDay.minusDays(1), cutoffDay).forEach(partitions::create);
			}
			insertMany(3, cutoffDay.minusDays(2).atStartOfDay(ZoneOffset.UTC).toInstant().plusSeconds(60));
			insertMany(2, cutoffDay.atStartOfDay(ZoneOffset.UTC).toInstant().minusSeconds(1));
			Instant cutoffDayStart = cutoffDay.atStartOfDay(ZoneOffset.UTC).toInstant();
			insert("test_purchase", 1, "DELIVERED", cutoffDayStart, null);
			insert("test_purchase", 2, "FAILED", now.minus(Duration.ofDays(89)), "kept");
			insert("test_purchase", 3, "DELIVERED", now.minusSeconds(5), null);

			Housekeeping.Run run = context.getBean(Housekeeping.class).runOnce();

			if (partitions != null) {
				assertThat(run.historyDaysDropped()).as("the two days before the cutoff's, dropped whole").isEqualTo(2);
				assertThat(run.history().rows()).as("no entry deleted row by row").isZero();
				assertThat(partitions.days()).doesNotContain(cutoffDay.minusDays(2), cutoffDay.minusDays(1))
					.contains(cutoffDay);
			}
			else {
				assertThat(run.historyDaysDropped()).isZero();
				assertThat(run.history().rows()).isEqualTo(6);
			}
			List<Long> kept = this.jdbc.queryForList("SELECT row_id FROM awty_delivery_log ORDER BY row_id", Long.class);
			assertThat(kept).as("entries after the cutoff").contains(2L, 3L).doesNotContainAnyElementsOf(
					List.of(1000L, 1001L, 1002L));
			if (partitions != null) {
				assertThat(kept).as("the day the cutoff falls in, kept whole").contains(1L);
			}
			assertThat(context.getBean(DeliveryHistory.class).failures("test_purchase", now.minus(Duration.ofDays(91)),
					now, 10)).extracting(DeliveryRecord::rowId).containsExactly(2L);
		});
	}

	@Test
	void retentionDeletesOnlyDeliveredAndCancelledRowsOlderThanKeepFinished() {
		purchases(new ReceivedEvents(), "awty.types.test_purchase.keep-finished=7d").run((context) -> {
			context.getBean(DeliveryPollers.class).stop();
			Instant now = databaseNow();
			long oldDelivered = insertRow(now.minus(Duration.ofDays(9)), "DELIVERED", now.minus(Duration.ofDays(8)));
			long oldCancelled = insertRow(now.minus(Duration.ofDays(8)), "CANCELLED", null);
			long recentDelivered = insertRow(now.minus(Duration.ofDays(9)), "DELIVERED", now.minus(Duration.ofDays(6)));
			long oldFailed = insertRow(now.minus(Duration.ofDays(30)), "FAILED", null);
			long oldPending = insertRow(now.minus(Duration.ofDays(30)), "PENDING", null);

			Housekeeping.Run run = context.getBean(Housekeeping.class).runOnce();

			assertThat(run.rows().rows()).isEqualTo(2);
			assertThat(this.jdbc.queryForList("SELECT id FROM scheduled_test_purchase ORDER BY id", Long.class))
				.containsExactly(recentDelivered, oldFailed, oldPending)
				.doesNotContain(oldDelivered, oldCancelled);
		});
	}

	@Test
	void housekeepingRunsOnlyOnTheInstanceHoldingItsLock() {
		purchases(new ReceivedEvents()).run((context) -> {
			insertMany(10, databaseNow().minus(Duration.ofDays(100)));
			Optional<SimpleLock> held = context.getBean(LockProvider.class)
				.lock(new LockConfiguration(ClockProvider.now(), Housekeeping.LOCK_NAME, Duration.ofMinutes(1),
						Duration.ZERO));
			assertThat(held).isPresent();
			try {
				assertThat(context.getBean(HousekeepingRuns.class).runNow().ran()).isFalse();
				assertThat(entries()).isEqualTo(10);
			}
			finally {
				held.get().unlock();
			}
			assertThat(context.getBean(HousekeepingRuns.class).runNow().historyEntriesDeleted()).isEqualTo(10);
		});
	}

	// What only PostgreSQL does: the history in daily partitions.

	@Test
	void partitionsOfTodayAndTheNextDaysExistFromStartUpAndEntriesOfADayWithoutOneMoveIntoItWhenItIsCreated() {
		assumeTrue(onPostgres(), ONLY_POSTGRES_PARTITIONS);
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
			assertThat(context.getBean(HousekeepingRuns.class).runNow().historyDaysDropped()).isZero();
			assertThat(partitions.days()).contains(later);
		});
	}

	@Test
	void aDayTheDbaDetachedToArchiveIsKeptWhileDaysPastTheRetentionAreDropped() {
		assumeTrue(onPostgres(), ONLY_POSTGRES_PARTITIONS);
		purchases(new ReceivedEvents(), "awty.history.retention=90d").run((context) -> {
			HistoryPartitions partitions = Objects.requireNonNull(partitions(context));
			LocalDate archived = LocalDate.ofInstant(databaseNow(), ZoneOffset.UTC).minusDays(120);
			partitions.create(archived);
			partitions.create(archived.plusDays(1));
			this.jdbc.execute("ALTER TABLE awty_delivery_log DETACH PARTITION " + HistoryPartitions.name(archived));

			assertThat(context.getBean(HousekeepingRuns.class).runNow().historyDaysDropped()).isEqualTo(1);

			assertThat(tableExists(HistoryPartitions.name(archived))).as("the DBA's archive").isTrue();
			assertThat(tableExists(HistoryPartitions.name(archived.plusDays(1)))).isFalse();
		});
	}

	@Test
	void aDetachWaitingBehindALongReaderDoesNotHoldUpHistoryInsertsAndTheDayIsRetiredOnceTheReaderIsGone() {
		assumeTrue(onPostgres(), ONLY_POSTGRES_PARTITIONS);
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
		assumeTrue(onPostgres(), ONLY_POSTGRES_PARTITIONS);
		purchases(new ReceivedEvents()).run((context) -> {
			assertThat(partitions(context)).as("PostgreSQL keeps the history in daily partitions").isNotNull();
			String[] queries = { """
					SELECT * FROM awty_delivery_log WHERE event_type = 'test_purchase'
					AND finished_at >= now() - interval '1 day' AND finished_at < now() AND outcome = 'FAILED'
					ORDER BY finished_at, id LIMIT 1000""",
					"""
					SELECT * FROM awty_delivery_log WHERE event_type = 'test_purchase' AND finished_at >= now() - interval '1 day'
					AND outcome = 'RETRY' ORDER BY finished_at DESC, id DESC LIMIT 50""",
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

	private static final String ONLY_POSTGRES_PARTITIONS = "only PostgreSQL keeps the history in daily partitions";

	private boolean onPostgres() {
		return this.database.name().equals("PostgreSQL");
	}

	static @Nullable HistoryPartitions partitions(ApplicationContext context) {
		DailyHistoryPartitions statements = context.getBean(SqlDialect.class).dailyHistoryPartitions();
		return (statements != null) ? new HistoryPartitions(context.getBean(DataSource.class), statements, 0) : null;
	}

	String partitionOfRow(long rowId) {
		return this.jdbc.queryForObject("SELECT tableoid::regclass::text FROM awty_delivery_log WHERE row_id = ?",
				String.class, rowId);
	}

	private long insertRow(Instant dueAt, String status, Instant deliveredAt) {
		this.jdbc.update("INSERT INTO scheduled_test_purchase (purchase_id, due_at, status, delivered_at) VALUES (1, ?, ?, ?)",
				utc(dueAt), status, (deliveredAt != null) ? utc(deliveredAt) : null);
		return this.jdbc.queryForObject("SELECT MAX(id) FROM scheduled_test_purchase", Long.class);
	}

	void insert(String type, long rowId, String outcome, Instant finishedAt, String error) {
		this.jdbc.update(INSERT_ENTRY, type, rowId, type + "/" + rowId + "/1", utc(finishedAt), utc(finishedAt), outcome,
				error);
	}

	private void insertMany(int count, Instant finishedAt) {
		List<Object[]> rows = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			rows.add(new Object[] { "test_purchase", 1000L + i, "test_purchase/" + (1000 + i) + "/1", utc(finishedAt),
					utc(finishedAt), "DELIVERED", null });
		}
		this.jdbc.batchUpdate(INSERT_ENTRY, rows);
	}

	private int entries() {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM awty_delivery_log", Integer.class);
	}

	private Object utc(Instant instant) {
		return this.database.timestamp(instant);
	}

	Instant databaseNow() {
		return this.database.databaseNow();
	}

}
