package dev.awty.delivery;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.context.ApplicationContext;
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
 * What the outcome writer does when PostgreSQL refuses or delays its writes: failures only a real database produces
 * (a trigger's error, a row lock held by another session).
 */
class PostgresOutcomeWriterIntegrationTests {

	private final TestDatabase database = TestDatabases.postgres();

	private final JdbcTemplate jdbc = this.database.jdbc();

	@BeforeEach
	void createScheduledTable() {
		this.jdbc.execute(TestPurchase.TABLE_DDL);
	}

	@Test
	void aWriteThatKeepsFailingStopsTheBatchBeforeMoreThanTwoPartsArePublished() {
		ReceivedEvents received = new ReceivedEvents();
		AwtyContexts.purchases(this.database, received)
			.withPropertyValues("awty.claim.mode=skip-locked", "awty.poller.holding=lease", "awty.poller.batch-size=50", "awty.poller.mark-every=10",
					"awty.poller.concurrency=1", "awty.claim.lease=30s", "awty.poller.poll-interval=200ms")
			.run((context) -> {
				// Every history insert fails as a serialization failure would, which is retried and then given up;
				// the sequence, not rolled back with the insert, counts the attempts.
				this.jdbc.execute("CREATE SEQUENCE refused_history_inserts");
				this.jdbc.execute("""
						CREATE FUNCTION refuse_history() RETURNS trigger LANGUAGE plpgsql AS $$
						BEGIN
						    PERFORM nextval('refused_history_inserts');
						    RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '40001';
						END $$""");
				this.jdbc.execute("CREATE TRIGGER refuse_history BEFORE INSERT ON awty_delivery_log"
						+ " FOR EACH STATEMENT EXECUTE FUNCTION refuse_history()");
				scheduleDue(context.getBean(EventScheduler.class), 50);

				// The first write given up after its attempts: its rows are counted as possible duplicates, and the
				// worker, waiting for its budget, gets it back.
				await().atMost(Duration.ofSeconds(30)).until(() -> possibleDuplicates(context) > 0);
				assertThat(refusedInserts()).as("history inserts refused").isGreaterThanOrEqualTo(4);
				await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(2))
					.until(() -> received.count() <= 2 * 10);
			});
	}

	@Test
	void aWriteBlockedByAnotherSessionsRowLockIsGivenUpWithinTheLeaseInsteadOfWaitingForTheLock() throws Exception {
		CountDownLatch locked = new CountDownLatch(1);
		CountDownLatch unlock = new CountDownLatch(1);
		// Once the row is published, and before its outcome is written, another session locks it (an operator's
		// console, an application transaction) and keeps it.
		ReceivedEvents received = new ReceivedEvents().each((message) -> {
			Thread holder = new Thread(() -> holdRowLock(locked, unlock));
			holder.start();
			await().atMost(Duration.ofSeconds(5)).until(() -> locked.getCount() == 0);
		});
		try {
			AwtyContexts.purchases(this.database, received)
				.withPropertyValues("awty.claim.mode=skip-locked", "awty.poller.holding=lease", "awty.claim.lease=3s",
						"awty.poller.poll-interval=200ms")
				.run((context) -> {
					scheduleDue(context.getBean(EventScheduler.class), 1);

					await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 1);
					await().atMost(Duration.ofSeconds(8)).until(() -> possibleDuplicates(context) == 1);
					assertThat(unlock.getCount()).as("the row is still locked").isEqualTo(1);
					unlock.countDown();
				});
		}
		finally {
			unlock.countDown();
		}
	}

	private void holdRowLock(CountDownLatch locked, CountDownLatch unlock) {
		try (Connection connection = this.database.simpleDataSource().getConnection()) {
			connection.setAutoCommit(false);
			try (Statement statement = connection.createStatement()) {
				statement.executeQuery("SELECT id FROM scheduled_test_purchase FOR UPDATE").close();
				locked.countDown();
				unlock.await(1, TimeUnit.MINUTES);
			}
			connection.rollback();
		}
		catch (SQLException | InterruptedException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static long possibleDuplicates(ApplicationContext context) {
		return context.getBean(DeliveryPollers.class).counters().get("test_purchase").possibleDuplicates();
	}

	private long refusedInserts() {
		return this.jdbc.queryForObject("SELECT CASE WHEN is_called THEN last_value ELSE 0 END"
				+ " FROM refused_history_inserts", Long.class);
	}

	private void scheduleDue(EventScheduler scheduler, int count) {
		List<TestPurchase> purchases = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			purchases.add(new TestPurchase(i));
		}
		scheduler.scheduleAll(purchases, databaseNow().minusSeconds(1));
	}

	private Instant databaseNow() {
		return this.jdbc.queryForObject("SELECT CURRENT_TIMESTAMP", OffsetDateTime.class).toInstant();
	}

}
