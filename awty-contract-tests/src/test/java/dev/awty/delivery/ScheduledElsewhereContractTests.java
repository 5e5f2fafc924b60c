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
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.context.AwtyContexts;
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
class ScheduledElsewhereContractTests extends DatabaseContractTests {

	private static final Duration POLL_INTERVAL = Duration.ofSeconds(5);

	private static final int ROWS = 400;

	/** How long after it is scheduled a row of the stream is due: more than any commit takes here. */
	private static final Duration LEAD = Duration.ofSeconds(2);

	/** How far ahead a planned wake-up spares the look-up (awty.poller.claim-ahead, its default). */
	private static final Duration CLAIM_AHEAD = Duration.ofMillis(100);

	ScheduledElsewhereContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@Test
	void aRowAnotherInstanceScheduledDueBetweenTwoPollsIsDeliveredAtItsDueTimeNotAtTheNextPollAfterIt() {
		this.database.execute(TestPurchase.TABLE_DDL);
		this.database.execute(DialectDetector.detect(this.database.simpleDataSource(), null).schema().pendingIndex("scheduled_test_purchase"));
		ReceivedEvents received = new ReceivedEvents().clock(this.database::databaseNow);
		ApplicationContextRunner runner = AwtyContexts.purchases(this.database, received)
			.withPropertyValues("awty.claim.mode=skip-locked");
		// The scheduling instance polls every second (the default), so it notifies no row due later than that.
		runner.withPropertyValues("awty.instance-id=scheduling").run((scheduling) -> {
			scheduling.getBean(DeliveryPollers.class).stop();
			runner.withPropertyValues("awty.instance-id=delivering", "awty.poller.poll-interval=" + POLL_INTERVAL.toMillis() + "ms")
				.run((delivering) -> {
					// The delivering instance polled as it started: due 1.5 s after its next poll, 3.5 s before the one after.
					Instant dueAt = this.database.databaseNow().plus(POLL_INTERVAL).plusMillis(1_500);
					scheduling.getBean(EventScheduler.class).schedule(new TestPurchase(1), dueAt);

					await().atMost(POLL_INTERVAL.multipliedBy(3)).until(() -> received.count() == 1);

					Duration late = Duration.between(dueAt, received.all().get(0).receivedAt());
					System.out.printf("[%s] a row scheduled elsewhere was delivered %d ms after its due time%n", this.database,
							late.toMillis());
					assertThat(late).as("delivered after its due time by").isGreaterThanOrEqualTo(Duration.ZERO)
						.isLessThan(Duration.ofSeconds(1));
				});
		});
	}

	// The look-up costs a statement: a stream scheduled on the delivering instance, which times its own wake-ups, must
	// not pay it once per cycle. Here a row every 5 ms, each due 2 s after it is scheduled, delivered by tens of cycles.
	// A row scheduled late wakes a cycle at once, which then rightly looks up the next row: so each row's due time
	// follows the stream's own progress on the database's clock, not a plan made up front (a machine that commits slowly
	// streams for longer, its rows still ahead), and a row whose call returned after its due time is allowed its look-up.
	// So is a cycle after which the stream paused for longer than the claim-ahead (a loaded machine's scheduler or
	// collector stalls the producing thread): no wake-up was planned that soon, and awty rightly looks. What awty
	// guarantees, and the bound counts, is no look-up while its next known due time is within the claim-ahead.
	@Test
	void aStreamScheduledOnTheDeliveringInstanceLooksUpTheNextDueRowNoMoreOftenThanItPolls() {
		this.database.execute(TestPurchase.TABLE_DDL);
		this.database.execute(DialectDetector.detect(this.database.simpleDataSource(), null).schema().pendingIndex("scheduled_test_purchase"));
		ReceivedEvents received = new ReceivedEvents();
		StatementRecorder recorder = new StatementRecorder();
		try (HikariDataSource pool = pool(this.database)) {
			AwtyContexts.purchases(this.database, received)
				.withBean(DataSource.class, () -> recorder.wrap(pool))
				.withPropertyValues("awty.claim.mode=skip-locked", "awty.poller.poll-interval=1s",
						"awty.poller.claim-ahead=" + CLAIM_AHEAD.toMillis() + "ms")
				.run((context) -> {
					EventScheduler scheduler = context.getBean(EventScheduler.class);
					long start = System.nanoTime();
					TestDatabase.DatabaseClock databaseClock = this.database.databaseClock();
					int late = 0;
					int pauses = 0;
					Instant previousDue = null;
					for (int i = 0; i < ROWS; i++) {
						Instant now = databaseClock.now();
						Instant due = now.plus(LEAD);
						scheduler.schedule(new TestPurchase(i), due);
						if (databaseClock.now().isAfter(due)) {
							late++;
						}
						if (previousDue != null && Duration.between(previousDue, due).compareTo(CLAIM_AHEAD) > 0) {
							pauses++;
						}
						previousDue = due;
						Thread.sleep(5); // the stream's pace, not a wait for awty
					}
					await().atMost(Duration.ofSeconds(20).plus(Duration.ofNanos(System.nanoTime() - start)))
						.until(() -> received.count() == ROWS);
					Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
					// How far the clock the due times were reckoned by had drifted from the database's: a cause to
					// read, should the bound below fail (it once read every row as due already, with 0 rows late).
					Duration drift = Duration.between(databaseClock.now(), this.database.databaseClock().now());

					List<String> statements = recorder.drain().stream().map(Recorded::sql).toList();
					long lookUps = statements.stream().filter((sql) -> sql.contains("ORDER BY due_at LIMIT 1")).count();
					long claims = statements.stream()
						.filter((sql) -> sql.contains("ORDER BY due_at") && !sql.contains("LIMIT 1)"))
						.count();
					System.out.printf("[%s] %d rows in %d ms: %d claims, %d look-ups of the next due row, %d rows late,"
							+ " %d pauses of the stream longer than the claim-ahead; the reckoning clock %d ms behind the"
							+ " database's%n", this.database, ROWS, elapsed.toMillis(), claims, lookUps, late, pauses,
							drift.toMillis());
					assertThat(claims).as("claims").isGreaterThanOrEqualTo(20);
					// A row whose schedule call returned after its due time (a commit slower than the lead), and a pause
					// of the stream longer than the claim-ahead, each rightly cost a look-up of their own.
					assertThat(lookUps)
						.as("look-ups of the next due row, in %d ms, %d rows late, %d pauses, reckoning clock %d ms behind",
								elapsed.toMillis(), late, pauses, drift.toMillis())
						.isLessThanOrEqualTo(elapsed.toSeconds() + 3 + late + pauses);
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
