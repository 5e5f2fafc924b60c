package dev.awty.recurring;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.context.RecurringConsumerConfiguration;
import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An application's own transaction on {@code awty_schedule} that locks two schedules in the opposite order to
 * awty's outcome write: PostgreSQL breaks the deadlock by aborting awty's write, which awty tries again at once,
 * instead of leaving the schedules claimed until their lease runs out and publishing their occurrences twice.
 */
class PostgresRecurringOutcomeDeadlockIntegrationTests extends DatabaseContractTests {

	private static final Duration LEASE = Duration.ofSeconds(3);

	private static final String AWTY_WAITS = """
			SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'UPDATE awty_schedule%'
			""";

	PostgresRecurringOutcomeDeadlockIntegrationTests() {
		super(TestDatabases::postgres);
	}

	@Test
	void outcomeWriteThatLosesADeadlockIsTriedAgainAndNoOccurrenceIsPublishedTwice() throws Exception {
		CountDownLatch secondLocked = new CountDownLatch(1);
		CompletableFuture<Void> application = new CompletableFuture<>();
		ReceivedEvents received = new ReceivedEvents().each((message) -> {
			if (application.isDone() || secondLocked.getCount() == 0) {
				return;
			}
			// While awty publishes, the application locks 'second'; once awty's write holds 'first' and waits for
			// 'second', the application asks for 'first'.
			CompletableFuture.runAsync(() -> lockInOppositeOrder(secondLocked, application));
			awaitQuietly(secondLocked);
		});
		AwtyContexts.consuming(RecurringConsumerConfiguration.class, this.database, received)
			.withPropertyValues("awty.recurring.poll-interval=200ms", "awty.claim.lease=" + LEASE.toMillis() + "ms",
					"awty.instance-id=deadlock")
			.run((context) -> {
				RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
				schedules.create(ScheduleDefinition.of("first", "@every 1h"));
				schedules.create(ScheduleDefinition.of("second", "@every 1h"));
				long deadlocksBefore = deadlocks();
				// Both due, 'first' earlier: one claim takes both, and awty records them in that order.
				this.jdbc.update("UPDATE awty_schedule SET next_fire_at = CASE id WHEN 'first' THEN CURRENT_TIMESTAMP"
						+ " - INTERVAL '2 seconds' ELSE CURRENT_TIMESTAMP - INTERVAL '1 second' END");

				application.get(20, TimeUnit.SECONDS);
				await().atMost(LEASE.plusSeconds(5)).until(() -> this.jdbc.queryForObject(
						"SELECT count(*) FROM awty_schedule WHERE last_fired_at IS NOT NULL AND claimed_by IS NULL",
						Long.class) == 2);
				// Counted once the aborted backend reports its statistics, within about a second.
				await("PostgreSQL broke a deadlock").atMost(Duration.ofSeconds(5))
					.until(() -> deadlocks() > deadlocksBefore);
				// Past the lease: an unrecorded claim would have run out and its occurrences gone out again.
				Thread.sleep(LEASE.plusSeconds(1).toMillis());
				assertThat(received.distinctEventIds()).isEqualTo(2);
				assertThat(received.duplicates()).isZero();
			});
	}

	private void lockInOppositeOrder(CountDownLatch secondLocked, CompletableFuture<Void> done) {
		try (Connection connection = this.database.simpleDataSource().getConnection();
				Statement statement = connection.createStatement()) {
			connection.setAutoCommit(false);
			statement.executeUpdate("UPDATE awty_schedule SET payload = payload WHERE id = 'second'");
			secondLocked.countDown();
			await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
				.until(() -> this.jdbc.queryForObject(AWTY_WAITS, Long.class) > 0);
			statement.executeUpdate("UPDATE awty_schedule SET payload = payload WHERE id = 'first'");
			connection.commit();
			done.complete(null);
		}
		catch (Throwable ex) {
			secondLocked.countDown();
			done.completeExceptionally(ex);
		}
	}

	private long deadlocks() {
		return this.jdbc.queryForObject("SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()",
				Long.class);
	}

	private static void awaitQuietly(CountDownLatch latch) {
		try {
			latch.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
