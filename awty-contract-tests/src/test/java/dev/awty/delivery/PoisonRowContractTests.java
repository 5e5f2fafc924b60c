package dev.awty.delivery;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import dev.awty.EventScheduler;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.ScheduledTables;
import dev.awty.testing.context.TaskConsumerConfiguration;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.priority.PrioritizedTask;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * One bad row or one bad value never holds a whole batch: a row that cannot be read fails alone, an error text
 * longer than the application's {@code last_error} column is cut to fit, an {@code Error} thrown by a consumer
 * is a failed attempt, and a write the database refuses for good still marks the rows that were published.
 * Written once and run on every database.
 */
@OnEveryDatabase
class PoisonRowContractTests extends DatabaseContractTests {

	PoisonRowContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@Test
	void rowThatCannotBeReadFailsAloneAsAnAttemptWithTheReasonAndTheRestOfItsBatchIsDelivered() {
		// priority maps to an int field: a NULL there cannot be read
		this.database.execute(ScheduledTables.ddl("scheduled_task", """
				    label VARCHAR(64) NOT NULL,
				    priority INT,
				    due_at TIMESTAMP WITH TIME ZONE NOT NULL,
				"""));
		ReceivedEvents received = new ReceivedEvents();
		AwtyContexts.consuming(TaskConsumerConfiguration.class, this.database, received)
			.withPropertyValues("awty.poller.poll-interval=100ms", "awty.retry.max-attempts=1")
			.run((context) -> {
				EventScheduler scheduler = context.getBean(EventScheduler.class);
				scheduler.scheduleAll(List.of(new PrioritizedTask("a", 1), new PrioritizedTask("b", 2)),
						this.database.databaseNow().plusSeconds(1));
				this.jdbc.update("INSERT INTO scheduled_task (label, priority, due_at) VALUES ('broken', NULL, ?)",
						this.database.timestamp(this.database.databaseNow().plusSeconds(1)));
				scheduler.schedule(new PrioritizedTask("c", 3), this.database.databaseNow().plusSeconds(1));

				await().atMost(Duration.ofSeconds(15)).until(() -> received.count() == 3);
				await().atMost(Duration.ofSeconds(5)).until(() -> this.jdbc.queryForObject(
						"SELECT COUNT(*) FROM scheduled_task WHERE status = 'FAILED' AND attempts = 1 AND claimed_by IS NULL",
						Integer.class) == 1);
				assertThat(this.jdbc.queryForObject("SELECT last_error FROM scheduled_task WHERE label = 'broken'",
						String.class))
					.startsWith("Row could not be read into " + PrioritizedTask.class.getName() + ": ");
				assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM scheduled_task WHERE status = 'DELIVERED'",
						Integer.class)).isEqualTo(3);
			});
	}

	@Test
	void aFullClaimHoldingARowThatCannotBeReadIsNotTakenForTheLastAndTheRowsDueBehindItGoOutAtOnce() {
		this.database.execute(ScheduledTables.ddl("scheduled_task", """
				    label VARCHAR(64) NOT NULL,
				    priority INT,
				    due_at TIMESTAMP WITH TIME ZONE NOT NULL,
				"""));
		Instant due = this.database.databaseNow().minusSeconds(60);
		this.jdbc.update("INSERT INTO scheduled_task (label, priority, due_at) VALUES ('broken', NULL, ?)",
				this.database.timestamp(due.minusSeconds(1)));
		this.jdbc.batchUpdate("INSERT INTO scheduled_task (label, priority, due_at) VALUES (?, 1, ?)", IntStream
			.range(0, 10)
			.mapToObj((i) -> new Object[] { "task-" + i, this.database.timestamp(due.plusMillis(i)) })
			.toList());
		ReceivedEvents received = new ReceivedEvents();
		// A claim taken for the cycle's last one leaves the rows due behind it for the next poll, 20 s away.
		AwtyContexts.consuming(TaskConsumerConfiguration.class, this.database, received)
			.withPropertyValues("awty.poller.poll-interval=20s", "awty.poller.batch-size=5", "awty.retry.max-attempts=1")
			.run((context) -> await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 10));
	}

	@Test
	void anErrorThrownByTheConsumerIsAFailedAttemptAndTheRowIsDeliveredOnTheNext() {
		this.database.execute(TestPurchase.TABLE_DDL);
		AtomicInteger calls = new AtomicInteger();
		ReceivedEvents received = new ReceivedEvents().each((message) -> {
			if (calls.incrementAndGet() == 1) {
				throw new AssertionError("a bug in the consumer");
			}
		});
		AwtyContexts.purchases(this.database, received)
			.withPropertyValues("awty.poller.poll-interval=100ms", "awty.retry.initial-backoff=100ms")
			.run((context) -> {
				context.getBean(EventScheduler.class).schedule(new TestPurchase(1), this.database.databaseNow());

				await().atMost(Duration.ofSeconds(10)).until(() -> this.jdbc.queryForObject(
						"SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = 'DELIVERED' AND attempts = 2",
						Integer.class) == 1);
				assertThat(received.count()).isEqualTo(1);
			});
	}

	@Test
	void errorLongerThanAShortLastErrorColumnIsCutToFitAndTheAttemptsAreCounted() {
		this.database.execute(TestPurchase.TABLE_DDL.replace("last_error VARCHAR(2000)", "last_error VARCHAR(20)"));
		AwtyContexts.purchases(this.database, new ReceivedEvents().alwaysFail())
			.withPropertyValues("awty.poller.poll-interval=100ms", "awty.retry.initial-backoff=100ms",
					"awty.retry.max-attempts=2")
			.run((context) -> {
				context.getBean(EventScheduler.class).schedule(new TestPurchase(1), this.database.databaseNow());

				await().atMost(Duration.ofSeconds(15)).until(() -> this.jdbc.queryForObject(
						"SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = 'FAILED' AND attempts = 2",
						Integer.class) == 1);
				assertThat(this.jdbc.queryForObject("SELECT last_error FROM scheduled_test_purchase", String.class))
					.isEqualTo("IllegalStateExceptio");
			});
	}

	@Test
	void historyWriteTheDatabaseRefusesForGoodStillMarksThePublishedRowsSoTheyAreNotPublishedAgain() {
		this.database.execute(TestPurchase.TABLE_DDL);
		ReceivedEvents received = new ReceivedEvents();
		AwtyContexts.purchases(this.database, received)
			.withPropertyValues("awty.poller.poll-interval=100ms", "awty.claim.lease=1s",
					"awty.poller.send-timeout=500ms", "awty.history.mode=all")
			.run((context) -> {
				// like a missing partition of the history table: every history insert fails
				this.jdbc.execute("ALTER TABLE awty_delivery_log ADD CONSTRAINT awty_test_refuses_history"
						+ " CHECK (outcome = 'NONE')");
				context.getBean(EventScheduler.class)
					.scheduleAll(List.of(new TestPurchase(1), new TestPurchase(2), new TestPurchase(3)),
							this.database.databaseNow());

				await().atMost(Duration.ofSeconds(15)).until(() -> this.jdbc.queryForObject(
						"SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = 'DELIVERED'", Integer.class) == 3);
				// Longer than the lease: rows left claimed would be published again once it ran out.
				await().during(Duration.ofMillis(2500)).atMost(Duration.ofSeconds(4)).until(() -> received.count() == 3);
				assertThat(received.duplicates()).isZero();
			});
	}

}
