package dev.awty.delivery;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.awty.EventScheduler;
import dev.awty.internal.housekeeping.HistoryPartitions;
import dev.awty.internal.housekeeping.Housekeeping;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.recurring.ScheduleDefinition;
import dev.awty.spi.DailyHistoryPartitions;
import dev.awty.spi.SqlDialect;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.context.RecurringConsumerConfiguration;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * awty's own writes commit when the application's pool does not auto-commit (a common Hibernate tuning):
 * claims, marks, failures, recurring claims and changes, housekeeping deletes and history retirement (on
 * PostgreSQL a day's partition detached, then dropped), each checked through a connection of its own. Written once
 * and run on every database, H2 included, whose other tests auto-commit.
 */
@OnEveryDatabase
class AutoCommitOffContractTests extends DatabaseContractTests {

	private static final String AUTO_COMMIT_OFF = "spring.datasource.hikari.auto-commit=false";

	private static final String INSERT_HISTORY_ENTRY = """
			INSERT INTO awty_delivery_log (event_type, row_id, event_id, due_at, finished_at, attempts, check_count,
			                               outcome, error, duration_ms, instance_id)
			VALUES ('test_purchase', 1, 'test_purchase/1/1', ?, ?, 1, 0, 'DELIVERED', NULL, 3, 'test-instance')
			""";

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

	@Test
	void housekeepingRetiresHistoryOlderThanTheRetentionAndAPartitionedDayIsGoneForGood() {
		AwtyContexts.purchases(this.database, new ReceivedEvents())
			.withPropertyValues(AUTO_COMMIT_OFF, "awty.history.retention=90d")
			.run((context) -> {
				LocalDate oldDay = LocalDate.ofInstant(this.database.databaseNow().minus(Duration.ofDays(100)),
						ZoneOffset.UTC);
				DailyHistoryPartitions statements = context.getBean(SqlDialect.class).dailyHistoryPartitions();
				if (statements != null) {
					new HistoryPartitions(context.getBean(DataSource.class), statements, 0).create(oldDay);
				}
				Instant old = oldDay.atStartOfDay(ZoneOffset.UTC).toInstant().plusSeconds(60);
				this.jdbc.update(INSERT_HISTORY_ENTRY, this.database.timestamp(old), this.database.timestamp(old));

				Housekeeping.Run first = context.getBean(Housekeeping.class).runOnce();
				Housekeeping.Run second = context.getBean(Housekeeping.class).runOnce();

				assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM awty_delivery_log", Integer.class)).isZero();
				if (statements != null) {
					assertThat(first.historyDaysDropped()).isEqualTo(1);
					// A drop rolled back with the connection's implicit transaction leaves the detached table behind,
					// holding the day's entries on disk, and the next run counts it dropped again.
					assertThat(this.jdbc.queryForObject("SELECT to_regclass(?) IS NULL", Boolean.class,
							HistoryPartitions.name(oldDay))).as("the day's table is dropped").isTrue();
					assertThat(second.historyDaysDropped()).as("nothing left to drop").isZero();
				}
				else {
					assertThat(first.history().rows()).isEqualTo(1);
				}
			});
	}

	private int count(String condition) {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM scheduled_test_purchase WHERE " + condition, Integer.class);
	}

}
