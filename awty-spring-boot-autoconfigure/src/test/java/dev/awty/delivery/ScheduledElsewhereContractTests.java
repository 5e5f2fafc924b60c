package dev.awty.delivery;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;
import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.awty.EventScheduler;
import dev.awty.dialect.DialectDetector;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.testing.AwtyContexts;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.StatementRecorder;
import dev.awty.testing.StatementRecorder.Recorded;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A row scheduled by an instance that does not deliver it sends the delivering instance no wake-up (PostgreSQL
 * notifies only rows due within the scheduler's poll interval; the other databases never). The delivering instance
 * learns of it at its next poll and sleeps until its due time, instead of delivering it at the first poll after
 * that: up to a poll interval late. Written once, run per database.
 */
@OnEveryDatabase
class ScheduledElsewhereContractTests {

	private static final Duration POLL_INTERVAL = Duration.ofSeconds(5);

	private static final int ROWS = 400;

	private final Supplier<TestDatabase> databases;

	ScheduledElsewhereContractTests(Supplier<TestDatabase> databases) {
		this.databases = databases;
	}

	@Test
	void aRowAnotherInstanceScheduledDueBetweenTwoPollsIsDeliveredAtItsDueTimeNotAtTheNextPollAfterIt() {
		TestDatabase database = this.databases.get();
		database.execute(TestPurchase.TABLE_DDL);
		database.execute(DialectDetector.detect(database.simpleDataSource(), null).pendingIndex("scheduled_test_purchase"));
		ReceivedEvents received = new ReceivedEvents().clock(database::databaseNow);
		ApplicationContextRunner runner = AwtyContexts.purchases(database, received)
			.withPropertyValues("awty.claim.mode=skip-locked");
		// The scheduling instance polls every second (the default), so it notifies no row due later than that.
		runner.withPropertyValues("awty.instance-id=scheduling").run((scheduling) -> {
			scheduling.getBean(DeliveryPollers.class).stop();
			runner.withPropertyValues("awty.instance-id=delivering", "awty.poller.poll-interval=" + POLL_INTERVAL.toMillis() + "ms")
				.run((delivering) -> {
					// The delivering instance polled as it started: due 1.5 s after its next poll, 3.5 s before the one after.
					Instant dueAt = database.databaseNow().plus(POLL_INTERVAL).plusMillis(1_500);
					scheduling.getBean(EventScheduler.class).schedule(new TestPurchase(1), dueAt);

					await().atMost(POLL_INTERVAL.multipliedBy(3)).until(() -> received.count() == 1);

					Duration late = Duration.between(dueAt, received.all().get(0).receivedAt());
					System.out.printf("[%s] a row scheduled elsewhere was delivered %d ms after its due time%n", database,
							late.toMillis());
					assertThat(late).as("delivered after its due time by").isGreaterThanOrEqualTo(Duration.ZERO)
						.isLessThan(Duration.ofSeconds(1));
				});
		});
	}

	// The look-up costs a statement: a stream scheduled on the delivering instance, which times its own wake-ups, must
	// not pay it once per cycle. Here a row every 5 ms for two seconds, delivered by tens of cycles. Each row must be
	// scheduled before it is due: one scheduled late wakes a cycle at once, which then rightly looks up the next row.
	// The stream starts 4 s ahead, so a database taking up to 15 ms a commit (MariaDB beside the other test JVMs took
	// 11 ms, and a 1.5 s start left rows late) keeps every row ahead.
	@Test
	void aStreamScheduledOnTheDeliveringInstanceLooksUpTheNextDueRowNoMoreOftenThanItPolls() {
		TestDatabase database = this.databases.get();
		database.execute(TestPurchase.TABLE_DDL);
		database.execute(DialectDetector.detect(database.simpleDataSource(), null).pendingIndex("scheduled_test_purchase"));
		ReceivedEvents received = new ReceivedEvents();
		StatementRecorder recorder = new StatementRecorder();
		try (HikariDataSource pool = pool(database)) {
			AwtyContexts.purchases(database, received)
				.withBean(DataSource.class, () -> recorder.wrap(pool))
				.withPropertyValues("awty.claim.mode=skip-locked", "awty.poller.poll-interval=1s")
				.run((context) -> {
					EventScheduler scheduler = context.getBean(EventScheduler.class);
					long start = System.nanoTime();
					Instant first = database.databaseNow().plusMillis(4_000);
					for (int i = 0; i < ROWS; i++) {
						scheduler.schedule(new TestPurchase(i), first.plusMillis(5L * i));
					}
					Instant scheduled = database.databaseNow();
					await().atMost(Duration.ofSeconds(20)).until(() -> received.count() == ROWS);
					Duration elapsed = Duration.ofNanos(System.nanoTime() - start);

					List<String> statements = recorder.drain().stream().map(Recorded::sql).toList();
					long lookUps = statements.stream().filter((sql) -> sql.contains("ORDER BY due_at LIMIT 1")).count();
					long claims = statements.stream()
						.filter((sql) -> sql.contains("ORDER BY due_at") && !sql.contains("LIMIT 1)"))
						.count();
					System.out.printf("[%s] %d rows in %d ms: %d claims, %d look-ups of the next due row%n", database,
							ROWS, elapsed.toMillis(), claims, lookUps);
					assertThat(scheduled).as("the end of the scheduling, before the last row's due time")
						.isBefore(first.plusMillis(5L * (ROWS - 1)));
					assertThat(claims).as("claims").isGreaterThanOrEqualTo(20);
					assertThat(lookUps).as("look-ups of the next due row, in %d ms", elapsed.toMillis())
						.isLessThanOrEqualTo(elapsed.toSeconds() + 3);
				});
		}
	}

	private static HikariDataSource pool(TestDatabase database) {
		HikariDataSource pool = new HikariDataSource();
		pool.setJdbcUrl(database.url());
		pool.setUsername(database.username());
		pool.setPassword(database.password());
		pool.setMaximumPoolSize(6);
		return pool;
	}

}
