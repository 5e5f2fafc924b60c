package dev.awty.recurring;

import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

import dev.awty.internal.housekeeping.Housekeeping;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.context.RecurringConsumerConfiguration;
import dev.awty.testing.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Housekeeping deletes {@code @at} schedules that fired longer ago than {@code awty.recurring.keep-completed}, written
 * once and run on every supported database by {@link OnEveryDatabase}.
 */
@OnEveryDatabase
class CompletedScheduleHousekeepingContractTests extends DatabaseContractTests {

	CompletedScheduleHousekeepingContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@Test
	void completedAtSchedulesOlderThanKeepCompletedAreDeletedAndEveryOtherScheduleStays() {
		AwtyContexts.consuming(RecurringConsumerConfiguration.class, this.database, new ReceivedEvents())
			.withPropertyValues("awty.recurring.poll-interval=200ms", "awty.recurring.keep-completed=7d")
			.run((context) -> {
				RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
				Instant now = this.database.databaseNow();
				schedules.create(ScheduleDefinition.of("old-done", "@at 2020-01-01T00:00:00Z"));
				schedules.create(ScheduleDefinition.of("recent-done", "@at 2020-01-02T00:00:00Z"));
				schedules.create(ScheduleDefinition.of("later", "@at " + now.plus(Duration.ofDays(1))));
				schedules.create(ScheduleDefinition.of("hourly", "@every 1h"));
				await().atMost(Duration.ofSeconds(10)).until(() -> schedules.get("old-done").orElseThrow().completed()
						&& schedules.get("recent-done").orElseThrow().completed());
				this.database.jdbc().update("UPDATE awty_schedule SET updated_at = ? WHERE id <> 'recent-done'",
						this.database.timestamp(now.minus(Duration.ofDays(8))));

				Housekeeping.Run run = context.getBean(Housekeeping.class).runOnce();

				assertThat(run.schedules().rows()).isEqualTo(1);
				assertThat(schedules.list("", null, 10)).extracting(RecurringSchedule::id)
					.containsExactly("hourly", "later", "recent-done");
				assertThat(context.getBean(Housekeeping.class).runOnce().schedules().rows()).isZero();
			});
	}

}
