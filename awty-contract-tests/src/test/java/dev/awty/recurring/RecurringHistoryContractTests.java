package dev.awty.recurring;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.awty.autoconfigure.observability.AwtyObservabilityAutoConfiguration;
import dev.awty.history.DeliveryHistory;
import dev.awty.history.DeliveryOutcome;
import dev.awty.history.DeliveryRecord;
import dev.awty.internal.housekeeping.Housekeeping;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.ReceivedEvents.Received;
import dev.awty.testing.context.RecurringConsumerConfiguration;
import dev.awty.testing.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * The history of recurring occurrences in {@code awty_delivery_log}: what is written per history mode, how a
 * schedule's entries are read, and retention; written once and run on every database by {@link OnEveryDatabase}.
 */
@OnEveryDatabase
class RecurringHistoryContractTests extends DatabaseContractTests {

	private static final String TYPE = RecurringHeaders.TYPE_VALUE;

	private static final Pattern SKIPPED_COUNT = Pattern.compile("skipped (\\d+) occurrences");

	RecurringHistoryContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	private ApplicationContextRunner application(ReceivedEvents received, String... properties) {
		return AwtyContexts.consuming(RecurringConsumerConfiguration.class, this.database, received)
			.withPropertyValues("awty.recurring.poll-interval=200ms", "awty.retry.initial-backoff=200ms",
					"awty.retry.jitter=0", "awty.instance-id=recurring-history")
			.withPropertyValues(properties);
	}

	@Test
	void everyOccurrencePublishedAndEveryFailedAttemptIsRecordedWithItsScheduleEventIdAndTime() {
		ReceivedEvents received = new ReceivedEvents().failFirst(1);
		application(received).run((context) -> {
			context.getBean(RecurringSchedules.class).create(ScheduleDefinition.of("tick", "@every 1s"));
			await().atMost(Duration.ofSeconds(15)).until(() -> received.count() >= 3);
			// Stopped gracefully: every occurrence published is recorded before stop returns.
			context.getBean(DeliveryPollers.class).stop();

			DeliveryHistory history = context.getBean(DeliveryHistory.class);
			List<DeliveryRecord> entries = history.forSchedule("tick", 100);
			assertThat(entries).allSatisfy((entry) -> {
				assertThat(entry.type()).isEqualTo(TYPE);
				assertThat(entry.scheduleId()).isEqualTo("tick");
				assertThat(entry.rowId()).isZero();
				assertThat(entry.eventId()).isEqualTo("recurring:tick-" + entry.dueAt().getEpochSecond());
				assertThat(entry.instanceId()).isEqualTo("recurring-history");
			});
			assertThat(entries).extracting(DeliveryRecord::finishedAt).isSortedAccordingTo((a, b) -> b.compareTo(a));
			List<DeliveryRecord> delivered = entries.stream()
				.filter((entry) -> entry.outcome() == DeliveryOutcome.DELIVERED)
				.toList();
			assertThat(delivered).extracting(DeliveryRecord::eventId)
				.containsExactlyInAnyOrderElementsOf(received.all().stream().map(Received::eventId).toList());
			DeliveryRecord failed = entries.get(entries.size() - 1);
			assertThat(failed.outcome()).isEqualTo(DeliveryOutcome.RETRY);
			assertThat(failed.attempts()).isEqualTo(1);
			assertThat(failed.error()).contains("consumer is down (call 1)");
			assertThat(history.find(TYPE, DeliveryOutcome.RETRY, failed.finishedAt().minusSeconds(1),
					this.database.databaseNow().plusSeconds(1), 10)).containsExactly(failed);
			assertThat(history.forSchedule("tick", 1)).containsExactly(entries.get(0));
			assertThat(history.forSchedule("other", 10)).isEmpty();
		});
	}

	@Test
	void recordsOnlyFailedAttemptsWhenHistoryIsFailuresAndNothingWhenNone() {
		ReceivedEvents failures = new ReceivedEvents().failFirst(1);
		application(failures, "awty.history.mode=failures").run((context) -> {
			// fire-all: under fire-once, a poll a second late on a busy machine drops an occurrence, and failures mode
			// rightly records that as SKIPPED; the one entry expected here is the failed attempt.
			context.getBean(RecurringSchedules.class)
				.create(ScheduleDefinition.of("tick", "@every 1s").withMisfirePolicy(MisfirePolicy.FIRE_ALL));
			await().atMost(Duration.ofSeconds(15)).until(() -> failures.count() >= 2);
			context.getBean(DeliveryPollers.class).stop();

			assertThat(context.getBean(DeliveryHistory.class).forSchedule("tick", 100)).singleElement()
				.satisfies((entry) -> assertThat(entry.outcome()).isEqualTo(DeliveryOutcome.RETRY));
		});
		ReceivedEvents none = new ReceivedEvents().failFirst(1);
		application(none, "awty.history.mode=none").run((context) -> {
			context.getBean(RecurringSchedules.class).create(ScheduleDefinition.of("quiet", "@every 1s"));
			await().atMost(Duration.ofSeconds(15)).until(() -> none.count() >= 2);
			context.getBean(DeliveryPollers.class).stop();

			assertThat(context.getBean(DeliveryHistory.class).forSchedule("quiet", 100)).isEmpty();
		});
	}

	@Test
	void occurrencesDroppedAfterAnOutageAreCountedAndRecordedOnceAsSkippedWithTheirInstantsButAPausedSchedulesAreNot() {
		application(new ReceivedEvents()).withConfiguration(AutoConfigurations.of(AwtyObservabilityAutoConfiguration.class))
			.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
			.run((context) -> {
				DeliveryPollers poller = context.getBean(DeliveryPollers.class);
				poller.stop();
				RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
				schedules.create(ScheduleDefinition.of("once", "@every 1s").withMisfirePolicy(MisfirePolicy.FIRE_ONCE));
				schedules.create(ScheduleDefinition.of("skip", "@every 1s").withMisfirePolicy(MisfirePolicy.SKIP));
				schedules.create(ScheduleDefinition.of("paused", "@every 1s").withMisfirePolicy(MisfirePolicy.SKIP));
				schedules.pause("paused");
				// The outage: each schedule's stored occurrence is ten seconds in the past when the poller comes back.
				Instant onceFrom = moveBackTenSeconds(schedules, "once");
				Instant skipFrom = moveBackTenSeconds(schedules, "skip");
				moveBackTenSeconds(schedules, "paused");
				poller.start();
				schedules.resume("paused");

				DeliveryHistory history = context.getBean(DeliveryHistory.class);
				await().atMost(Duration.ofSeconds(15)).until(() -> skippedOf(history, "once").size() == 1
						&& skippedOf(history, "skip").size() == 1 && history.forSchedule("paused", 10).size() >= 2);
				poller.stop();

				// fire-once published the oldest missed occurrence and dropped the rest; skip dropped them all.
				long once = assertSkipped(skippedOf(history, "once"), onceFrom.plusSeconds(1), 9, "fire-once");
				long skip = assertSkipped(skippedOf(history, "skip"), skipFrom, 10, "skip");
				assertThat(skippedOf(history, "paused")).isEmpty();
				assertThat(context.getBean(MeterRegistry.class).get("awty.skipped").tag("type", TYPE).counter().count())
					.isEqualTo(once + skip);
			});
	}

	private Instant moveBackTenSeconds(RecurringSchedules schedules, String id) {
		Instant moved = schedules.get(id).orElseThrow().nextFireAt().minusSeconds(10);
		this.jdbc.update("UPDATE awty_schedule SET next_fire_at = ? WHERE id = ?", this.database.timestamp(moved), id);
		return moved;
	}

	private static List<DeliveryRecord> skippedOf(DeliveryHistory history, String id) {
		return history.forSchedule(id, 100).stream().filter((entry) -> entry.outcome() == DeliveryOutcome.SKIPPED).toList();
	}

	/** Asserts the one entry names the first and last occurrence dropped and how many; returns how many. */
	private static long assertSkipped(List<DeliveryRecord> entries, Instant first, int atLeast, String policy) {
		DeliveryRecord entry = entries.get(0);
		assertThat(entry.dueAt()).isEqualTo(first);
		assertThat(entry.eventId()).isEqualTo("recurring:" + entry.scheduleId() + "-" + first.getEpochSecond());
		Matcher counted = SKIPPED_COUNT.matcher(entry.error());
		assertThat(counted.find()).as(entry.error()).isTrue();
		long count = Long.parseLong(counted.group(1));
		assertThat(count).isGreaterThanOrEqualTo(atLeast);
		assertThat(entry.error()).isEqualTo("skipped " + count + " occurrences from " + first + " to "
				+ first.plusSeconds(count - 1) + " (misfire policy " + policy + ")");
		return count;
	}

	@Test
	void aScheduleRowThatCannotBeReadIsRecordedAsAFailedAttemptSayingWhy() {
		application(new ReceivedEvents()).run((context) -> {
			// A row edited by hand: no misfire policy is called 'sometimes'.
			this.jdbc.update("INSERT INTO awty_schedule (id, expression, time_zone, misfire_policy, enabled, version,"
					+ " next_fire_at, attempts, created_at, updated_at) VALUES ('edited', '@every 1h', 'UTC', 'sometimes',"
					+ " TRUE, 1, ?, 0, ?, ?)", this.database.timestamp(this.database.databaseNow().minusSeconds(1)),
					this.database.timestamp(this.database.databaseNow()), this.database.timestamp(this.database.databaseNow()));
			DeliveryHistory history = context.getBean(DeliveryHistory.class);

			await().atMost(Duration.ofSeconds(10)).until(() -> !history.forSchedule("edited", 10).isEmpty());

			assertThat(history.forSchedule("edited", 10).get(0)).satisfies((entry) -> {
				assertThat(entry.outcome()).isEqualTo(DeliveryOutcome.RETRY);
				assertThat(entry.eventId()).isEqualTo("recurring:edited");
				assertThat(entry.error()).startsWith("schedule could not be read: ").contains("sometimes");
			});
		});
	}

	@Test
	void aFullClaimHoldingAScheduleThatCannotBeReadIsNotTakenForTheLastAndTheSchedulesDueBehindItFireAtOnce() {
		ReceivedEvents received = new ReceivedEvents();
		// A claim taken for the cycle's last one leaves the schedules due behind it for the next poll, a minute away: the
		// wait below, well short of it, still allows for a busy machine.
		application(received, "awty.recurring.poll-interval=60s", "awty.recurring.batch-size=5").run((context) -> {
			DeliveryPollers pollers = context.getBean(DeliveryPollers.class);
			pollers.stop();
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
			for (int i = 0; i < 10; i++) {
				schedules.create(ScheduleDefinition.of("hourly-" + i, "@every 1h"));
			}
			Instant now = this.database.databaseNow();
			this.jdbc.update("UPDATE awty_schedule SET next_fire_at = ?", this.database.timestamp(now.minusSeconds(30)));
			this.jdbc.update("INSERT INTO awty_schedule (id, expression, time_zone, misfire_policy, enabled, version,"
					+ " next_fire_at, attempts, created_at, updated_at) VALUES ('edited', '@every 1h', 'UTC', 'sometimes',"
					+ " TRUE, 1, ?, 0, ?, ?)", this.database.timestamp(now.minusSeconds(60)), this.database.timestamp(now),
					this.database.timestamp(now));

			pollers.start();

			await().atMost(Duration.ofSeconds(30))
				.untilAsserted(() -> assertThat(received.count())
					.as(() -> "occurrences received; the schedules then: " + scheduleStates())
					.isGreaterThanOrEqualTo(10));
		});
	}

	@Test
	void retentionDeletesOldEntriesOfOccurrencesAndKeepsRecentOnes() {
		application(new ReceivedEvents(), "awty.history.retention=30d").run((context) -> {
			context.getBean(DeliveryPollers.class).stop();
			Instant now = this.database.databaseNow();
			insert("nightly", now.minus(Duration.ofDays(31)));
			insert("nightly", now.minus(Duration.ofDays(32)));
			insert("nightly", now.minus(Duration.ofDays(29)));

			Housekeeping.Run run = context.getBean(Housekeeping.class).runOnce();

			assertThat(run.history().rows()).isEqualTo(2);
			assertThat(context.getBean(DeliveryHistory.class).forSchedule("nightly", 10)).singleElement()
				.satisfies((entry) -> assertThat(entry.dueAt()).isEqualTo(now.minus(Duration.ofDays(29))));
		});
	}

	@Test
	void aScheduleHistoryIsAskedForWithAScheduleIdAndALimitInRange() {
		application(new ReceivedEvents()).run((context) -> {
			DeliveryHistory history = context.getBean(DeliveryHistory.class);
			assertThatIllegalArgumentException().isThrownBy(() -> history.forSchedule(" ", 10))
				.withMessage("scheduleId must be the id of a recurring schedule (1 to 200 characters), was ' '");
			assertThatIllegalArgumentException().isThrownBy(() -> history.forSchedule("x".repeat(201), 10))
				.withMessage("scheduleId must be the id of a recurring schedule (1 to 200 characters), was 201 characters");
			assertThatIllegalArgumentException().isThrownBy(() -> history.forSchedule("tick", 0))
				.withMessage("limit must be between 1 and 10000, was 0");
		});
	}

	/** Where each schedule stands: for the message of a failed wait. */
	private String scheduleStates() {
		return this.jdbc
			.queryForList("SELECT id, next_fire_at, attempts, claimed_by, claimed_until FROM awty_schedule ORDER BY id")
			.toString();
	}

	private void insert(String scheduleId, Instant finishedAt) {
		this.jdbc.update("""
				INSERT INTO awty_delivery_log (event_type, schedule_id, event_id, due_at, finished_at, attempts,
				                               check_count, outcome, duration_ms, instance_id)
				VALUES (?, ?, ?, ?, ?, 1, 0, 'DELIVERED', 1, 'test')
				""", TYPE, scheduleId, "recurring:" + scheduleId + "-" + finishedAt.getEpochSecond(),
				this.database.timestamp(finishedAt), this.database.timestamp(finishedAt));
	}

}
