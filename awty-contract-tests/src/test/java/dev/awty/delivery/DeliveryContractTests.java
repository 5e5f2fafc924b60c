package dev.awty.delivery;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import dev.awty.AwtyHeaders;
import dev.awty.ClaimMode;
import dev.awty.Holding;
import dev.awty.EventScheduler;
import dev.awty.EventStatus;
import dev.awty.ScheduledEntity;
import dev.awty.dialect.DialectDetector;
import dev.awty.internal.claim.EventClaims;
import dev.awty.internal.model.EventType;
import dev.awty.internal.model.EventTypeFactory;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.internal.table.EventTable;
import dev.awty.repository.ChangeResult;
import dev.awty.repository.EventRepositories;
import dev.awty.spi.SqlDialect;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ContractMatrix;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.context.TaskConsumerConfiguration;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.priority.PrioritizedTask;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The delivery cycle, written once and run on every supported database from its matrix below.
 */
@ParameterizedClass
@MethodSource("matrix")
class DeliveryContractTests extends DatabaseContractTests {

	private static final Duration POLL_INTERVAL = Duration.ofMillis(200);

	private final ClaimMode mode;

	private final Holding holding;

	/** Where this contract runs: each set is one run of every test below. */
	static Stream<Arguments> matrix() {
		return Stream.concat(ContractMatrix.everyDatabaseInBothClaimModesAndHoldings(), Stream.of(
				// MySQL's driver (mysql-connector-j) on the MariaDB server: the driver, not MySQL the server, is tested
				ContractMatrix.mariadbThroughMySqlDriver(ClaimMode.SKIP_LOCKED, Holding.TRANSACTION),
				ContractMatrix.mysql(ClaimMode.LEADER, Holding.TRANSACTION),
				ContractMatrix.mysql(ClaimMode.SKIP_LOCKED, Holding.LEASE)));
	}

	DeliveryContractTests(Supplier<TestDatabase> databases, ClaimMode mode, Holding holding) {
		super(databases);
		this.mode = mode;
		this.holding = holding;
	}

	@BeforeEach
	void createScheduledTable() {
		this.database.execute(TestPurchase.TABLE_DDL);
	}

	private ApplicationContextRunner purchases(ReceivedEvents received) {
		return AwtyContexts.purchases(this.database, received).withPropertyValues("awty.claim.mode=" + this.mode,
				"awty.poller.holding=" + this.holding);
	}

	@Test
	void deliversFutureRowNotBeforeItsDueTimeByTheDatabaseClockAndWithinPollIntervalAfter() {
		ReceivedEvents received = new ReceivedEvents().clock(this::databaseNow);
		purchases(received).withPropertyValues("awty.poller.poll-interval=200ms").run((context) -> {
			EventScheduler scheduler = context.getBean(EventScheduler.class);
			long id = scheduler.schedule(new TestPurchase(7), databaseNow().plusSeconds(2));
			Instant storedDueAt = scheduler.find(TestPurchase.class, id).orElseThrow().getDueAt();

			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 1);

			ReceivedEvents.Received delivery = received.all().get(0);
			assertThat(delivery.receivedAt()).isAfterOrEqualTo(storedDueAt)
				.isBefore(storedDueAt.plus(POLL_INTERVAL).plusSeconds(1));
			assertThat(delivery.message().getPayload()).isInstanceOfSatisfying(TestPurchase.class,
					(purchase) -> assertThat(purchase.getPurchaseId()).isEqualTo(7L));
			assertThat(delivery.message().getHeaders()).containsEntry(AwtyHeaders.EVENT_ID, "test_purchase/" + id + "/1")
				.containsEntry(AwtyHeaders.TYPE, "test_purchase")
				.containsEntry(AwtyHeaders.ATTEMPT, 1)
				.containsEntry(AwtyHeaders.DUE_AT, storedDueAt);
			await().atMost(Duration.ofSeconds(5))
				.until(() -> scheduler.find(TestPurchase.class, id).orElseThrow().getStatus() == EventStatus.DELIVERED);
			TestPurchase row = scheduler.find(TestPurchase.class, id).orElseThrow();
			assertThat(row.getAttempts()).isEqualTo(1);
			assertThat(row.getDeliveredAt()).isAfterOrEqualTo(storedDueAt);
		});
	}

	@Test
	void rowsDueTogetherFewerThanABatchAreSharedAmongIdleWorkersAndDeliveredOnce() {
		AtomicInteger publishing = new AtomicInteger();
		AtomicInteger mostAtOnce = new AtomicInteger();
		ReceivedEvents received = new ReceivedEvents().each((message) -> {
			mostAtOnce.accumulateAndGet(publishing.incrementAndGet(), Math::max);
			sleep(Duration.ofMillis(5));
			publishing.decrementAndGet();
		});
		// Dividing a claimed batch among workers is what a lease allows: a batch held in a transaction is one
		// connection's, published by one worker.
		purchases(received).withPropertyValues("awty.poller.batch-size=500", "awty.poller.mark-every=100",
				"awty.poller.concurrency=3", "awty.poller.poll-interval=5s", "awty.poller.holding=lease")
			.run((context) -> {
				List<TestPurchase> purchases = new ArrayList<>();
				for (int i = 0; i < 300; i++) {
					purchases.add(new TestPurchase(i));
				}
				// One claim takes all 300 at once: a slow consumer would otherwise see them one after another.
				context.getBean(EventScheduler.class).scheduleAll(purchases, databaseNow().minusSeconds(1));

				await().atMost(Duration.ofSeconds(30)).until(() -> received.count() == 300);
				assertThat(received.distinctEventIds()).isEqualTo(300);
				assertThat(received.duplicates()).isZero();
				assertThat(mostAtOnce.get()).as("workers publishing the claim's rows at once").isGreaterThan(1);
				await().atMost(Duration.ofSeconds(10)).until(() -> deliveredRows() == 300);
			});
	}

	@Test
	void aBacklogOfRowsSlowToPublishIsClaimedInSmallerBatchesSoTheWorkersShareItInDueOrder() {
		ReceivedEvents received = new ReceivedEvents().each((message) -> sleep(Duration.ofMillis(10)));
		purchases(received).withPropertyValues("awty.poller.batch-size=500", "awty.poller.concurrency=3",
				"awty.poller.poll-interval=200ms")
			.run((context) -> {
				// 10 ms a row: once awty has seen that, a claim takes a second's work (100 rows), not 500.
				insertDueRows(0, 20);
				// Written, not only received: awty measures a part before writing its outcomes, and a claim made
				// between the two took a whole batch.
				await().atMost(Duration.ofSeconds(10)).until(() -> deliveredRows() == 20);
				insertDueRows(20, 620);

				await().atMost(Duration.ofSeconds(60)).until(() -> received.count() == 620);
				assertThat(received.duplicates()).isZero();
				long dueLast = this.jdbc.queryForObject(
						"SELECT id FROM scheduled_test_purchase WHERE purchase_id = 619", Long.class);
				List<String> order = received.all().stream().map(ReceivedEvents.Received::eventId).toList();
				// With whole batches, the last rows due went out early on a worker of their own (around position 240)
				// while one worker worked through the first 500 alone; with claims of a second's work (about 100 rows)
				// the row due last goes out with the last claims.
				assertThat(order.indexOf("test_purchase/" + dueLast + "/1")).as("position of the row due last")
					.isGreaterThanOrEqualTo(620 - 220);
			});
	}

	/**
	 * Rows {@code from} to {@code to - 1} (their purchase ids), due a second apart in that order, the last one now:
	 * whole seconds, as a driver may drop the fraction. All in one transaction: inserted one by one (MySQL's driver
	 * does not batch them) on a slow machine, the rows inserted first were claimed and delivered while the last were
	 * still being written, and the row due last went out early with them, whatever the claim size.
	 */
	private void insertDueRows(int from, int to) {
		Instant now = databaseNow();
		List<Object[]> rows = new ArrayList<>();
		for (int i = from; i < to; i++) {
			rows.add(new Object[] { i, this.database.timestamp(now.minusSeconds(to - 1 - i)) });
		}
		new TransactionTemplate(new JdbcTransactionManager(this.jdbc.getDataSource())).executeWithoutResult((status) -> this.jdbc
			.batchUpdate("INSERT INTO scheduled_test_purchase (purchase_id, due_at) VALUES (?, ?)", rows));
	}

	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Test
	void rowsClaimedAheadOfTheirDueTimeArePublishedNoEarlierThanTheirDueTimeByTheDatabaseClock() {
		ReceivedEvents received = new ReceivedEvents().clock(this::databaseNow);
		// Rows are claimed ahead only under a lease; a batch held in a transaction locks them once due.
		purchases(received).withPropertyValues("awty.poller.poll-interval=5s", "awty.poller.claim-ahead=3s",
				"awty.poller.holding=lease")
			.run((context) -> {
				EventScheduler scheduler = context.getBean(EventScheduler.class);
				// All ten fall inside the claim-ahead window at once: one claim takes them 2.5 s early.
				Instant base = databaseNow().plusMillis(2500);
				new TransactionTemplate(context.getBean(PlatformTransactionManager.class)).executeWithoutResult((tx) -> {
					for (int i = 0; i < 10; i++) {
						scheduler.schedule(new TestPurchase(i), base.plusMillis(20L * i));
					}
				});

				await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(20)).until(() -> claimedRows() == 10);
				assertThat(databaseNow()).as("claimed before the first is due").isBefore(base);
				assertThat(received.count()).as("nothing published before its due time").isZero();
				await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 10);

				for (ReceivedEvents.Received delivery : received.all()) {
					Instant dueAt = (Instant) delivery.message().getHeaders().get(AwtyHeaders.DUE_AT);
					assertThat(delivery.receivedAt()).as(delivery.eventId()).isAfterOrEqualTo(dueAt);
				}
				assertThat(received.all()).as("one batch, published in due order")
					.extracting((delivery) -> (Instant) delivery.message().getHeaders().get(AwtyHeaders.DUE_AT))
					.isSorted();
				await().atMost(Duration.ofSeconds(5)).until(() -> deliveredRows() == 10);
			});
	}

	@Test
	void rescheduleOfARowClaimedAheadIsReportedInFlightAndTheRowIsDeliveredOnceAtItsOldTime() {
		ReceivedEvents received = new ReceivedEvents().clock(this::databaseNow);
		// Rows are claimed ahead, and reported in flight, only under a lease.
		purchases(received).withPropertyValues("awty.poller.poll-interval=5s", "awty.poller.claim-ahead=3s",
				"awty.poller.holding=lease")
			.run((context) -> {
				EventScheduler scheduler = context.getBean(EventScheduler.class);
				Instant dueAt = databaseNow().plusMillis(4000);
				long id = scheduler.schedule(new TestPurchase(1), dueAt);
				Instant storedDueAt = scheduler.find(TestPurchase.class, id).orElseThrow().getDueAt();
				await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(20)).until(() -> claimedRows() == 1);

				ChangeResult result = context.getBean(EventRepositories.class)
					.select(TestPurchase.class)
					.where("e.id = :id")
					.param("id", id)
					.rescheduleTo(dueAt.plusSeconds(3600));

				assertThat(result.changed()).isZero();
				assertThat(result.inFlight()).isEqualTo(1);
				await().atMost(Duration.ofSeconds(10)).until(() -> deliveredRows() == 1);
				assertThat(received.count()).isEqualTo(1);
				ReceivedEvents.Received delivery = received.all().get(0);
				assertThat(delivery.eventId()).isEqualTo("test_purchase/" + id + "/1");
				assertThat(delivery.receivedAt()).isAfterOrEqualTo(storedDueAt);
				assertThat(scheduler.find(TestPurchase.class, id).orElseThrow().getDueAt()).isEqualTo(storedDueAt);
			});
	}

	@Test
	void twoInstancesDeliverTenThousandRowsWithZeroLostAndZeroDuplicates() {
		ReceivedEvents received = new ReceivedEvents();
		var runner = purchases(received).withPropertyValues("awty.poller.poll-interval=100ms");
		runner.withPropertyValues("awty.instance-id=instance-a").run((first) -> runner
			.withPropertyValues("awty.instance-id=instance-b").run((second) -> {
				List<TestPurchase> purchases = new ArrayList<>();
				for (int i = 0; i < 10_000; i++) {
					purchases.add(new TestPurchase(i));
				}
				Instant dueAt = databaseNow().minusSeconds(1);
				long start = System.nanoTime();
				assertThat(first.getBean(EventScheduler.class).scheduleAll(purchases, dueAt)).isEqualTo(10_000);

				await().atMost(Duration.ofMinutes(2)).until(() -> deliveredRows() == 10_000);
				long drainMillis = Duration.ofNanos(System.nanoTime() - start).toMillis();
				System.out.printf("[%s] two instances drained 10,000 rows in %d ms%n", this.database, drainMillis);

				assertThat(received.distinctEventIds()).isEqualTo(10_000);
				assertThat(received.duplicates()).isZero();
				await().atMost(Duration.ofSeconds(5)).until(() -> deliveredBy(first) + deliveredBy(second) == 10_000);
				assertThat(possibleDuplicatesSeenBy(first) + possibleDuplicatesSeenBy(second)).isZero();
				assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM scheduled_test_purchase WHERE status <> 'DELIVERED'",
						Integer.class)).isZero();
			}));
	}

	@Test
	void channelFailingTwiceThenSucceedingDeliversTheRowWithThreeAttempts() {
		ReceivedEvents received = new ReceivedEvents().failFirst(2);
		purchases(received)
			.withPropertyValues("awty.poller.poll-interval=100ms", "awty.retry.initial-backoff=100ms", "awty.retry.jitter=0")
			.run((context) -> {
				EventScheduler scheduler = context.getBean(EventScheduler.class);
				long id = scheduler.schedule(new TestPurchase(1), databaseNow());

				await().atMost(Duration.ofSeconds(15))
					.until(() -> scheduler.find(TestPurchase.class, id).orElseThrow().getStatus() == EventStatus.DELIVERED);

				TestPurchase row = scheduler.find(TestPurchase.class, id).orElseThrow();
				assertThat(row.getAttempts()).isEqualTo(3);
				assertThat(row.getLastError()).contains("consumer is down (call 2)");
				assertThat(received.calls()).isEqualTo(3);
				assertThat(received.all()).singleElement()
					.satisfies((delivery) -> assertThat(delivery.message().getHeaders()).containsEntry(AwtyHeaders.ATTEMPT, 3)
						.containsEntry(AwtyHeaders.EVENT_ID, "test_purchase/" + id + "/1"));
			});
	}

	@Test
	void channelThatAlwaysFailsLeavesTheRowFailedAfterMaxAttemptsWithTheLastError() {
		ReceivedEvents received = new ReceivedEvents().alwaysFail();
		purchases(received)
			.withPropertyValues("awty.poller.poll-interval=100ms", "awty.retry.initial-backoff=50ms", "awty.retry.max-attempts=4")
			.run((context) -> {
				EventScheduler scheduler = context.getBean(EventScheduler.class);
				long id = scheduler.schedule(new TestPurchase(1), databaseNow());

				await().atMost(Duration.ofSeconds(15))
					.until(() -> scheduler.find(TestPurchase.class, id).orElseThrow().getStatus() == EventStatus.FAILED);

				TestPurchase row = scheduler.find(TestPurchase.class, id).orElseThrow();
				assertThat(row.getAttempts()).isEqualTo(4);
				assertThat(row.getLastError()).isEqualTo("IllegalStateException: consumer is down (call 4)");
				assertThat(row.getClaimedUntil()).isNull();
				Thread.sleep(500);
				assertThat(received.calls()).as("no attempt after FAILED").isEqualTo(4);
			});
	}

	@Test
	void scheduleCommitsAndRollsBackWithTheCallersTransaction() {
		purchases(new ReceivedEvents())
			.withPropertyValues("awty.enabled=true")
			.run((context) -> {
				EventScheduler scheduler = context.getBean(EventScheduler.class);
				TransactionTemplate transaction = new TransactionTemplate(context.getBean(PlatformTransactionManager.class));
				Instant future = databaseNow().plus(Duration.ofDays(1));

				transaction.executeWithoutResult((status) -> {
					scheduler.schedule(new TestPurchase(1), future);
					status.setRollbackOnly();
				});
				assertThat(rows()).isZero();

				transaction.executeWithoutResult((status) -> scheduler.scheduleAll(
						List.of(new TestPurchase(2), new TestPurchase(3)), future));
				assertThat(rows()).isEqualTo(2);
				assertThat(scheduler.listPending(TestPurchase.class, 10)).extracting(TestPurchase::getPurchaseId)
					.containsExactlyInAnyOrder(2L, 3L);
			});
	}

	@Test
	void rowScheduledWhileThePollerSleepsWakesItUpInsteadOfWaitingForThePollInterval() {
		ReceivedEvents received = new ReceivedEvents().clock(this::databaseNow);
		purchases(received).withPropertyValues("awty.poller.poll-interval=1m").run((context) -> {
			EventScheduler scheduler = context.getBean(EventScheduler.class);
			Thread.sleep(500);
			long id = scheduler.schedule(new TestPurchase(3), databaseNow().plusSeconds(1));
			Instant dueAt = scheduler.find(TestPurchase.class, id).orElseThrow().getDueAt();

			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 1);
			assertThat(received.all().get(0).receivedAt()).isAfterOrEqualTo(dueAt).isBefore(dueAt.plusSeconds(2));
		});
	}

	@Test
	void processesAsManyBatchesAtOnceAsTheConcurrencySetting() {
		CountDownLatch bothInFlight = new CountDownLatch(2);
		AtomicBoolean overlapped = new AtomicBoolean(true);
		ReceivedEvents received = new ReceivedEvents().each((message) -> {
			bothInFlight.countDown();
			try {
				overlapped.compareAndSet(true, bothInFlight.await(5, TimeUnit.SECONDS));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		if (this.database.isMySqlFamily()) {
			// As tables.md asks: without it, MySQL and MariaDB read the whole table to find the earliest due row, and a
			// batch held in a transaction keeps every due row it read locked until it commits.
			this.database.execute("CREATE INDEX scheduled_test_purchase_pending ON scheduled_test_purchase (status, due_at)");
		}
		purchases(received).withPropertyValues("awty.poller.poll-interval=100ms", "awty.poller.batch-size=1",
				"awty.poller.concurrency=2")
			.run((context) -> {
				context.getBean(EventScheduler.class)
					.scheduleAll(List.of(new TestPurchase(1), new TestPurchase(2)), databaseNow());

				await().atMost(Duration.ofSeconds(15)).until(() -> deliveredRows() == 2);
				// H2 cannot skip the rows another open transaction locked: there a type's batches held in
				// transactions are held one at a time, as documented.
				boolean oneAtATime = this.holding == Holding.TRANSACTION && this.database.name().equals("H2");
				assertThat(overlapped.get()).as("both batches were in flight at the same time").isEqualTo(!oneAtATime);
			});
	}

	@Test
	void claimsHigherPriorityRowsFirstWhenPriorityIsOn() {
		this.database.execute(PrioritizedTask.TABLE_DDL);
		ReceivedEvents received = new ReceivedEvents();
		AwtyContexts.consuming(TaskConsumerConfiguration.class, this.database, received)
			.withPropertyValues("awty.claim.mode=" + this.mode, "awty.poller.batch-size=1", "awty.poller.concurrency=1",
					"awty.types.task.priority=true", "awty.poller.poll-interval=1h", "awty.claim.lease=2h")
			.run((context) -> {
				context.getBean(DeliveryPollers.class).stop();
				EventScheduler scheduler = context.getBean(EventScheduler.class);
				Instant dueAt = databaseNow().minusSeconds(60);
				scheduler.schedule(new PrioritizedTask("low", 1), dueAt.minusSeconds(10));
				scheduler.schedule(new PrioritizedTask("high", 9), dueAt);
				scheduler.schedule(new PrioritizedTask("middle", 5), dueAt);
				context.getBean(DeliveryPollers.class).start();

				await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 3);
				assertThat(received.all()).extracting((delivery) -> ((PrioritizedTask) delivery.message().getPayload()).getLabel())
					.containsExactly("high", "middle", "low");
			});
	}

	@Test
	void deletesPublishedRowsWhenOnDeliveredIsDelete() {
		ReceivedEvents received = new ReceivedEvents();
		purchases(received).withPropertyValues("awty.poller.poll-interval=100ms", "awty.types.test_purchase.on-delivered=delete")
			.run((context) -> {
				EventScheduler scheduler = context.getBean(EventScheduler.class);
				scheduler.scheduleAll(List.of(new TestPurchase(1), new TestPurchase(2)), databaseNow());
				long future = scheduler.schedule(new TestPurchase(3), databaseNow().plus(Duration.ofDays(1)));

				await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 2);
				await().atMost(Duration.ofSeconds(5)).until(() -> rows() == 1);
				assertThat(scheduler.find(TestPurchase.class, future)).isPresent();
			});
	}

	@Test
	void markIsFencedByTheClaimSoARowReclaimedAfterItsLeaseIsNotMarkedByItsFormerHolder() throws Exception {
		SqlDialect dialect = DialectDetector.detect(this.database.simpleDataSource(), null);
		EventType<?> type = new EventTypeFactory(dialect).create(TestPurchase.class);
		EventTable<?> events = new EventTable<>(type, dialect, this.database.simpleDataSource());
		EventClaims<?> table = events.claims();
		this.jdbc.update("INSERT INTO scheduled_test_purchase (purchase_id, due_at) VALUES (1, " + this.database.now() + ")");

		// A lease of a second: each claim opens a connection of its own, which takes a while on a busy machine.
		List<? extends ScheduledEntity> first = table.claimDue("first", 10, Duration.ofSeconds(1), false);
		assertThat(table.claimDue("second", 10, Duration.ofMinutes(1), false)).as("the lease still holds").isEmpty();
		List<ScheduledEntity> second = new ArrayList<>();
		await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(100))
			.until(() -> second.addAll(table.claimDue("second", 10, Duration.ofMinutes(1), false)));

		assertThat(second).extracting(ScheduledEntity::getId).isEqualTo(first.stream().map(ScheduledEntity::getId).toList());
		assertThat(events.writes().markDelivered(List.of(first.get(0).getId()), "first")).as("former holder is fenced off")
			.isZero();
		assertThat(events.writes().markDelivered(List.of(second.get(0).getId()), "second")).isEqualTo(1);
		assertThat(deliveredRows()).isEqualTo(1);
	}

	private static long deliveredBy(ApplicationContext context) {
		return context.getBean(DeliveryPollers.class).counters().get("test_purchase").delivered();
	}

	private static long possibleDuplicatesSeenBy(ApplicationContext context) {
		return context.getBean(DeliveryPollers.class).counters().get("test_purchase").possibleDuplicates();
	}

	private int rows() {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM scheduled_test_purchase", Integer.class);
	}

	private int claimedRows() {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM scheduled_test_purchase WHERE claimed_by IS NOT NULL",
				Integer.class);
	}

	private int deliveredRows() {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = 'DELIVERED'",
				Integer.class);
	}

	private Instant databaseNow() {
		return this.database.databaseNow();
	}

}
