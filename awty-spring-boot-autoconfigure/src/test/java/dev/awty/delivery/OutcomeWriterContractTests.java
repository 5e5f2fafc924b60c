package dev.awty.delivery;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.awty.testing.AwtyContexts;
import dev.awty.testing.FreezableDataSources;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Outcomes are written behind the workers: a worker publishes its next part while the previous part's outcomes are
 * written, never more than twice {@code mark-every} rows ahead of its writes, and a stop writes every outcome of what
 * was published, with its history. Written once, run on every database.
 */
abstract class OutcomeWriterContractTests {

	private final Supplier<TestDatabase> databases;

	private TestDatabase database;

	private JdbcTemplate jdbc;

	OutcomeWriterContractTests(Supplier<TestDatabase> databases) {
		this.databases = databases;
	}

	@BeforeEach
	void createScheduledTable() {
		this.database = this.databases.get();
		this.jdbc = this.database.jdbc();
		this.database.execute(TestPurchase.TABLE_DDL);
	}

	private ApplicationContextRunner purchases(ReceivedEvents received) {
		return AwtyContexts.purchases(this.database, received)
			.withPropertyValues("awty.claim.mode=skip-locked", "awty.poller.batch-size=300", "awty.poller.mark-every=100",
					"awty.poller.concurrency=1", "awty.poller.poll-interval=200ms");
	}

	@Test
	void nextPartIsPublishedWhileTheDatabaseStillWritesThePreviousOneButNoMoreThanTwoPartsAhead() {
		FreezableDataSources database = new FreezableDataSources();
		AtomicBoolean frozen = new AtomicBoolean();
		// The database stalls for awty from the first publish on: the claim is done, every write waits.
		ReceivedEvents received = new ReceivedEvents().each((message) -> {
			if (frozen.compareAndSet(false, true)) {
				database.freeze();
			}
		});
		purchases(received).withBean(FreezableDataSources.class, () -> database).run((context) -> {
			try {
				clearHistory();
				insertDueRows(300);

				await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 200);
				await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2)).until(() -> received.count() == 200);
				assertThat(rowsWithStatus("DELIVERED")).as("nothing written while the database stalls").isZero();
				database.thaw();

				await().atMost(Duration.ofSeconds(10)).until(() -> rowsWithStatus("DELIVERED") == 300);
				assertThat(received.distinctEventIds()).isEqualTo(300);
				assertThat(received.duplicates()).isZero();
				await().atMost(Duration.ofSeconds(5)).until(() -> historyEntries("DELIVERED") == 300);
			}
			finally {
				database.thaw();
			}
		});
	}

	@Test
	void stoppingRightAfterTheLastPublishStillMarksEveryPublishedRowAndWritesItsHistory() {
		ReceivedEvents received = new ReceivedEvents();
		purchases(received).run((context) -> {
			clearHistory();
			insertDueRows(250);
			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 250);
			context.close();

			assertThat(rowsWithStatus("DELIVERED")).isEqualTo(250);
			assertThat(historyEntries("DELIVERED")).isEqualTo(250);
			assertThat(received.duplicates()).isZero();
		});
	}

	private void insertDueRows(int count) {
		Instant due = this.database.databaseNow().minusSeconds(1);
		List<Object[]> rows = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			rows.add(new Object[] { i, this.database.timestamp(due) });
		}
		this.jdbc.batchUpdate("INSERT INTO scheduled_test_purchase (purchase_id, due_at) VALUES (?, ?)", rows);
	}

	/** The history of earlier tests on this database refers to row ids this test uses again. */
	private void clearHistory() {
		this.jdbc.update("DELETE FROM awty_delivery_log WHERE event_type = 'test_purchase'");
	}

	private int rowsWithStatus(String status) {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = ?", Integer.class,
				status);
	}

	private int historyEntries(String outcome) {
		return this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM awty_delivery_log WHERE event_type = 'test_purchase' AND outcome = ?", Integer.class,
				outcome);
	}

}
