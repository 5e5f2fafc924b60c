package dev.awty.delivery;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.awty.EventScheduler;
import dev.awty.repository.ChangeResult;
import dev.awty.repository.EventRepositories;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Batches held in one transaction, the default for a type without a handler: the claim locks the rows and writes
 * nothing, the outcome and its history commit with it, the row lock keeps other instances and the application's
 * changes off the rows until then, and a dead instance's rows are free once its connection is gone.
 */
@OnEveryDatabase
class TransactionHoldingContractTests extends DatabaseContractTests {

	private static final String COUNT_LEASED = "SELECT COUNT(*) FROM scheduled_test_purchase WHERE claimed_by IS NOT NULL"
			+ " OR claimed_until IS NOT NULL";

	TransactionHoldingContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@BeforeEach
	void createScheduledTable() {
		this.database.execute(TestPurchase.TABLE_DDL);
	}

	private ApplicationContextRunner purchases(ReceivedEvents received) {
		return AwtyContexts.purchases(this.database, received).withPropertyValues("awty.poller.poll-interval=100ms");
	}

	@Test
	void whileABatchIsPublishedItsRowsStayPendingWithoutALeaseAndItsOutcomeCommitsWithItsHistory() {
		CountDownLatch publishing = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		ReceivedEvents received = new ReceivedEvents().each((message) -> {
			publishing.countDown();
			awaitQuietly(release);
		});
		purchases(received).run((context) -> {
			context.getBean(EventScheduler.class).scheduleAll(purchases(50), this.database.databaseNow().minusSeconds(1));
			try {
				assertThat(publishing.await(10, TimeUnit.SECONDS)).as("the batch is being published").isTrue();
				// Seen from another connection: nothing of the batch is committed yet, and no lease was written.
				assertThat(count("SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = 'PENDING'")).isEqualTo(50);
				assertThat(count(COUNT_LEASED)).isZero();
				assertThat(count("SELECT COUNT(*) FROM awty_delivery_log")).isZero();
			}
			finally {
				release.countDown();
			}
			await().atMost(Duration.ofSeconds(10)).until(() -> count(
					"SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = 'DELIVERED' AND attempts = 1") == 50);
			assertThat(count("SELECT COUNT(*) FROM awty_delivery_log WHERE outcome = 'DELIVERED'")).isEqualTo(50);
			assertThat(count(COUNT_LEASED)).isZero();
			assertThat(received.count()).isEqualTo(50);
			assertThat(received.duplicates()).isZero();
		});
	}

	@Test
	void aCancelThatMeetsARowOfAnOpenBatchWaitsForTheBatchAndFindsTheRowDelivered() {
		CountDownLatch publishing = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		ReceivedEvents received = new ReceivedEvents().each((message) -> {
			publishing.countDown();
			awaitQuietly(release);
		});
		purchases(received).run((context) -> {
			long id = context.getBean(EventScheduler.class)
				.schedule(new TestPurchase(1), this.database.databaseNow().minusSeconds(1));
			try {
				assertThat(publishing.await(10, TimeUnit.SECONDS)).as("the batch is being published").isTrue();
				CompletableFuture<ChangeResult> cancel = CompletableFuture.supplyAsync(() -> context
					.getBean(EventRepositories.class)
					.select(TestPurchase.class)
					.where("e.id = :id")
					.param("id", id)
					.cancel());
				await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2)).until(() -> !cancel.isDone());
				release.countDown();
				ChangeResult result = cancel.get(10, TimeUnit.SECONDS);
				assertThat(result.changed()).as("a delivered row is not cancelled").isZero();
			}
			finally {
				release.countDown();
			}
			await().atMost(Duration.ofSeconds(10)).until(() -> count(
					"SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = 'DELIVERED'") == 1);
			assertThat(received.count()).isEqualTo(1);
		});
	}

	@Test
	void theBatchesOpenAtOnceStayWithinOpenTransactions() {
		AtomicInteger inFlight = new AtomicInteger();
		AtomicInteger mostAtOnce = new AtomicInteger();
		ReceivedEvents received = new ReceivedEvents().each((message) -> {
			mostAtOnce.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
			sleep(Duration.ofMillis(20));
			inFlight.decrementAndGet();
		});
		purchases(received).withPropertyValues("awty.claim.mode=skip-locked", "awty.poller.concurrency=3",
				"awty.poller.batch-size=2", "awty.poller.open-transactions=1")
			.run((context) -> {
				context.getBean(EventScheduler.class).scheduleAll(purchases(30), this.database.databaseNow().minusSeconds(1));
				await().atMost(Duration.ofSeconds(30)).until(() -> count(
						"SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = 'DELIVERED'") == 30);
				assertThat(mostAtOnce.get()).as("batches published at once").isEqualTo(1);
				assertThat(received.duplicates()).isZero();
			});
	}

	// Locks run for a due time start a second before the last lock that took every due row, where no row should be
	// left; a row that became due earlier without telling awty (here moved there by SQL) is found by the next lock
	// run because the poll interval passed, which looks at every due row.
	@Test
	void aRowThatBecomesDueBelowWhereLocksStartIsDeliveredAtTheNextPoll() {
		ReceivedEvents received = new ReceivedEvents();
		purchases(received).run((context) -> {
			EventScheduler scheduler = context.getBean(EventScheduler.class);
			scheduler.scheduleAll(purchases(5), this.database.databaseNow().minusSeconds(1));
			scheduler.schedule(new TestPurchase(99), this.database.databaseNow().plus(Duration.ofDays(1)));
			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 5);
			sleep(Duration.ofMillis(300));

			this.jdbc.update("UPDATE scheduled_test_purchase SET due_at = ? WHERE purchase_id = 99",
					this.database.timestamp(this.database.databaseNow().minus(Duration.ofHours(1))));

			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 6);
			assertThat(count("SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = 'DELIVERED'")).isEqualTo(6);
			assertThat(received.duplicates()).isZero();
		});
	}

	private static List<TestPurchase> purchases(int count) {
		List<TestPurchase> purchases = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			purchases.add(new TestPurchase(i));
		}
		return purchases;
	}

	private int count(String sql) {
		Integer count = this.jdbc.queryForObject(sql, Integer.class);
		return (count != null) ? count : 0;
	}

	private static void awaitQuietly(CountDownLatch latch) {
		try {
			latch.await(30, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
