package dev.awty.delivery;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import net.javacrumbs.shedlock.core.ClockProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;

import dev.awty.EventScheduler;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Failures only a real PostgreSQL can produce: dropped connections and instances with wrong clocks.
 */
class PostgresResilienceIntegrationTests {

	private static final String APPLICATION_NAME = "awty-resilience-test";

	private final TestDatabase database = TestDatabases.postgres();

	private final JdbcTemplate jdbc = this.database.jdbc();

	@BeforeEach
	void createScheduledTable() {
		this.jdbc.execute(TestPurchase.TABLE_DDL);
	}

	@AfterEach
	void resetShedLockClock() {
		ClockProvider.setClock(Clock.systemUTC());
	}

	@Test
	void pollersRecoverAndLoseNothingWhenEveryConnectionIsTerminatedMidDrain() {
		ReceivedEvents received = new ReceivedEvents().each((message) -> LockSupport.parkNanos(200_000));
		var runner = AwtyContexts.purchases(this.database, received)
			.withPropertyValues("awty.claim.mode=skip-locked", "awty.poller.batch-size=200",
					"awty.poller.poll-interval=100ms", "awty.claim.lease=3s", "awty.poller.send-timeout=1s",
					"spring.datasource.hikari.data-source-properties.ApplicationName=" + APPLICATION_NAME);
		runner.withPropertyValues("awty.instance-id=a").run((first) -> runner.withPropertyValues("awty.instance-id=b")
			.run((second) -> {
				List<TestPurchase> purchases = new ArrayList<>();
				for (int i = 0; i < 20_000; i++) {
					purchases.add(new TestPurchase(i));
				}
				first.getBean(EventScheduler.class).scheduleAll(purchases, databaseNow());
				await().atMost(Duration.ofSeconds(30)).until(() -> received.distinctEventIds() > 3_000);

				int terminated = this.jdbc.queryForObject("""
						SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity
						WHERE application_name = ? AND pid <> pg_backend_pid()
						""", Integer.class, APPLICATION_NAME);
				assertThat(terminated).as("connections terminated mid-drain").isPositive();
				assertThat(received.distinctEventIds()).as("the drain was still going").isLessThan(20_000);

				await().atMost(Duration.ofMinutes(1)).until(() -> pending() == 0);
				System.out.printf("[PostgreSQL] %d connections terminated mid-drain: 20,000 delivered, %d duplicate(s)%n",
						terminated, received.duplicates());
				assertThat(received.distinctEventIds()).isEqualTo(20_000);
				assertThat(received.duplicates()).as("at most the batches in flight are delivered again")
					.isLessThanOrEqualTo(2 * 2 * 200);
			}));
	}

	@Test
	void instanceWhoseClockIsAnHourAheadDeliversNothingEarly() {
		Clock anHourAhead = Clock.offset(Clock.systemUTC(), Duration.ofHours(1));
		ClockProvider.setClock(anHourAhead);
		ReceivedEvents received = new ReceivedEvents().clock(this::databaseNow);
		AwtyContexts.purchases(this.database, received)
			.withBean(Clock.class, () -> anHourAhead)
			.withPropertyValues("awty.poller.poll-interval=200ms")
			.run((context) -> {
				EventScheduler scheduler = context.getBean(EventScheduler.class);
				long inHalfAnHour = scheduler.schedule(new TestPurchase(1), databaseNow().plus(Duration.ofMinutes(30)));
				long inTwoSeconds = scheduler.schedule(new TestPurchase(2), databaseNow().plusSeconds(2));
				Instant dueAt = scheduler.find(TestPurchase.class, inTwoSeconds).orElseThrow().getDueAt();

				await().atMost(Duration.ofSeconds(10)).until(() -> received.count() >= 1);
				Thread.sleep(1_000);
				assertThat(received.all()).singleElement().satisfies((delivery) -> {
					assertThat(((TestPurchase) delivery.message().getPayload()).getPurchaseId()).isEqualTo(2L);
					assertThat(delivery.receivedAt()).isAfterOrEqualTo(dueAt);
				});
				assertThat(scheduler.find(TestPurchase.class, inHalfAnHour).orElseThrow().getDeliveredAt()).isNull();
			});
	}

	@Test
	void rowScheduledOnOneInstanceWakesTheOtherThroughListenNotify() {
		ReceivedEvents received = new ReceivedEvents().clock(this::databaseNow);
		var runner = AwtyContexts.purchases(this.database, received)
			.withPropertyValues("awty.claim.mode=skip-locked", "awty.poller.poll-interval=1m");
		runner.withPropertyValues("awty.instance-id=delivering").run((delivering) -> runner
			.withPropertyValues("awty.instance-id=scheduling")
			.run((scheduling) -> {
				scheduling.getBean(DeliveryPollers.class).stop();
				Thread.sleep(500);
				EventScheduler scheduler = scheduling.getBean(EventScheduler.class);
				long id = scheduler.schedule(new TestPurchase(5), databaseNow().plusSeconds(1));
				Instant dueAt = scheduler.find(TestPurchase.class, id).orElseThrow().getDueAt();

				await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 1);
				assertThat(received.all().get(0).receivedAt()).isAfterOrEqualTo(dueAt).isBefore(dueAt.plusSeconds(2));
				await().atMost(Duration.ofSeconds(5)).until(() -> this.jdbc.queryForObject(
						"SELECT COUNT(*) FROM awty_delivery_log WHERE row_id = ?", Integer.class, id) == 1);
				assertThat(this.jdbc.queryForObject("SELECT instance_id FROM awty_delivery_log WHERE row_id = ?",
						String.class, id)).isEqualTo("delivering");
			}));
	}

	private int pending() {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = 'PENDING'",
				Integer.class);
	}

	private Instant databaseNow() {
		return this.jdbc.queryForObject("SELECT CURRENT_TIMESTAMP", OffsetDateTime.class).toInstant();
	}

}
