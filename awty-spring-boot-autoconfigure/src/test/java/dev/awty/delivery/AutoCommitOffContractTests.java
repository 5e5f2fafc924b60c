package dev.awty.delivery;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.awty.EventScheduler;
import dev.awty.internal.housekeeping.Housekeeping;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.recurring.ScheduleDefinition;
import dev.awty.testing.AwtyContexts;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.RecurringConsumerConfiguration;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * awty's own writes commit when the application's pool does not auto-commit (a common Hibernate tuning):
 * claims, marks, failures, recurring claims and changes, and housekeeping deletes, each checked through a
 * connection of its own. Written once and run on every database, H2 included, whose other tests auto-commit.
 */
abstract class AutoCommitOffContractTests extends DatabaseContractTests {

	private static final String AUTO_COMMIT_OFF = "spring.datasource.hikari.auto-commit=false";

	AutoCommitOffContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@BeforeEach
	void createScheduledTable() {
		this.database.execute(TestPurchase.TABLE_DDL);
	}

	@Test
	void fiftyRowsDueAtOnceAreDeliveredOnceAndMarkedDeliveredWithOneAttemptWithoutHistory() {
		deliversFiftyRowsDueAtOnce("awty.history.mode=none");
	}

	@Test
	void fiftyRowsDueAtOnceAreDeliveredOnceAndMarkedDeliveredWithOneAttemptWithHistory() {
		deliversFiftyRowsDueAtOnce("awty.history.mode=all");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM awty_delivery_log WHERE outcome = 'DELIVERED'",
				Integer.class)).isEqualTo(50);
	}

	private void deliversFiftyRowsDueAtOnce(String history) {
		ReceivedEvents received = new ReceivedEvents();
		AwtyContexts.purchases(this.database, received)
			.withPropertyValues(AUTO_COMMIT_OFF, history, "awty.poller.poll-interval=100ms", "awty.claim.lease=2s",
					"awty.poller.send-timeout=500ms")
			.run((context) -> {
				List<TestPurchase> purchases = new ArrayList<>();
				for (int i = 0; i < 50; i++) {
					purchases.add(new TestPurchase(i));
				}
				context.getBean(EventScheduler.class).scheduleAll(purchases, this.database.databaseNow().minusSeconds(1));

				await().atMost(Duration.ofSeconds(20))
					.until(() -> count("status = 'DELIVERED' AND attempts = 1 AND claimed_until IS NULL") == 50);
				// Longer than the lease: rows whose marks were rolled back would be claimed and published again.
				await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(5)).until(() -> received.count() == 50);
				assertThat(received.duplicates()).isZero();
			});
	}

	@Test
	void recurringOccurrencesArePublishedOnceAndAPauseIsStored() {
		ReceivedEvents received = new ReceivedEvents();
		AwtyContexts.consuming(RecurringConsumerConfiguration.class, this.database, received)
			.withPropertyValues(AUTO_COMMIT_OFF, "awty.recurring.poll-interval=100ms", "awty.claim.lease=2s",
					"awty.poller.send-timeout=500ms")
			.run((context) -> {
				RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
				schedules.create(ScheduleDefinition.of("tick", "@every 1s"));

				await().atMost(Duration.ofSeconds(15)).until(() -> received.count() >= 3);
				assertThat(received.duplicates()).as("each occurrence once").isZero();
				assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM awty_schedule WHERE last_fired_at IS NOT NULL",
						Integer.class)).isEqualTo(1);

				schedules.pause("tick");
				assertThat(this.jdbc.queryForObject("SELECT enabled FROM awty_schedule WHERE id = 'tick'", Boolean.class))
					.isFalse();
				assertThat(schedules.delete("tick")).isTrue();
				assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM awty_schedule", Integer.class)).isZero();
			});
	}

	@Test
	void housekeepingDeletesOldFinishedRows() {
		AwtyContexts.purchases(this.database, new ReceivedEvents())
			.withPropertyValues(AUTO_COMMIT_OFF, "awty.types.test_purchase.keep-finished=7d")
			.run((context) -> {
				Instant old = this.database.databaseNow().minus(Duration.ofDays(30));
				this.jdbc.update("INSERT INTO scheduled_test_purchase (purchase_id, due_at, status, delivered_at)"
						+ " VALUES (1, ?, 'DELIVERED', ?)", this.database.timestamp(old), this.database.timestamp(old));

				assertThat(context.getBean(Housekeeping.class).runOnce().rows().rows()).isEqualTo(1);
				assertThat(count("1 = 1")).isZero();
			});
	}

	private int count(String condition) {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM scheduled_test_purchase WHERE " + condition, Integer.class);
	}

}
