package dev.awty.delivery;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.messaging.Message;
import org.springframework.transaction.support.TransactionTemplate;

import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.PublishOutcome;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.FreezableDataSources;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Outcomes are written behind the workers: a worker publishes its next part while the previous part's outcomes are
 * written (or, with a broker, acknowledged), never more than twice {@code mark-every} rows ahead of its writes, and a
 * stop writes every outcome of what was published, with its history. Written once, run on every database.
 */
@OnEveryDatabase
class OutcomeWriterContractTests extends DatabaseContractTests {

	OutcomeWriterContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@BeforeEach
	void createScheduledTable() {
		this.database.execute(TestPurchase.TABLE_DDL);
	}

	private ApplicationContextRunner purchases(ReceivedEvents received) {
		return AwtyContexts.purchases(this.database, received)
			.withPropertyValues("awty.claim.mode=skip-locked", "awty.poller.holding=lease", "awty.poller.batch-size=300", "awty.poller.mark-every=100",
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
	void stoppingWhileTheLastOutcomesAreStillBeingWrittenWaitsForThemAndTheirHistory() {
		FreezableDataSources database = new FreezableDataSources();
		ReceivedEvents received = new ReceivedEvents();
		// The database stalls for awty at the last publish, so its outcomes are still to be written at the stop.
		received.each((message) -> {
			if (received.count() == 249) {
				database.freeze();
			}
		});
		purchases(received).withBean(FreezableDataSources.class, () -> database).run((context) -> {
			try {
				clearHistory();
				insertDueRows(250);
				await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 250);
				Thread thaw = new Thread(() -> {
					sleep(Duration.ofMillis(500));
					database.thaw();
				});
				thaw.start();
				context.close();

				assertThat(rowsWithStatus("DELIVERED")).isEqualTo(250);
				assertThat(historyEntries("DELIVERED")).isEqualTo(250);
				assertThat(received.duplicates()).isZero();
			}
			finally {
				database.thaw();
			}
		});
	}

	@Test
	void nextPartIsSentWhileTheBrokerHasYetToAcknowledgeThePreviousOneAndRowsAreMarkedOnlyOnceAcknowledged() {
		AnsweredLater broker = new AnsweredLater();
		purchases(new ReceivedEvents()).withBean(EventPublisher.class, () -> broker).run((context) -> {
			clearHistory();
			insertDueRows(300);

			await().atMost(Duration.ofSeconds(10)).until(() -> broker.sentRows() == 200);
			await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2)).until(() -> broker.sentRows() == 200);
			assertThat(rowsWithStatus("DELIVERED")).as("nothing marked before the broker answered").isZero();
			broker.answerAll();
			await().atMost(Duration.ofSeconds(10)).until(() -> rowsWithStatus("DELIVERED") == 200);
			await().atMost(Duration.ofSeconds(10)).until(() -> broker.sentRows() == 300);
			broker.answerAll();

			await().atMost(Duration.ofSeconds(10)).until(() -> rowsWithStatus("DELIVERED") == 300);
			assertThat(historyEntries("DELIVERED")).isEqualTo(300);
		});
	}

	@Test
	void rowsOfAPartWhosePublisherAnsweredWithoutOutcomesAreLetGoAndDeliveredOnceTheirLeaseRunsOut() {
		AnswersNullOnce broker = new AnswersNullOnce();
		purchases(new ReceivedEvents()).withBean(EventPublisher.class, () -> broker)
			.withPropertyValues("awty.claim.lease=1s")
			.run((context) -> {
				clearHistory();
				insertDueRows(1);

				// Held by the heartbeat for good, the row was never published again.
				await().atMost(Duration.ofSeconds(10)).until(() -> rowsWithStatus("DELIVERED") == 1);
				assertThat(broker.calls()).as("published again once its lease ran out").isEqualTo(2);
			});
	}

	@Test
	void aWriteRetriedAfterItsCommitLandedButItsAnswerWasLostRecordsEachRowOnceAndNoPossibleDuplicate() {
		CommitAnswerLostOnce database = new CommitAnswerLostOnce();
		purchases(new ReceivedEvents()).withBean(CommitAnswerLostOnce.class, () -> database).run((context) -> {
			clearHistory();
			insertDueRows(10);

			await().atMost(Duration.ofSeconds(10)).until(() -> rowsWithStatus("DELIVERED") == 10);
			await().atMost(Duration.ofSeconds(5)).until(() -> historyEntries("DELIVERED") >= 10);
			assertThat(database.lost).as("a commit's answer was lost").isTrue();
			await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2))
				.until(() -> historyEntries("DELIVERED") == 10);
			assertThat(context.getBean(DeliveryPollers.class).counters().get("test_purchase").possibleDuplicates())
				.isZero();
		});
	}

	@Test
	void rowsWaitingForTheirOutcomeToBeWrittenStayLeasedAndAreNotDeliveredAgain() {
		WritersWait database = new WritersWait();
		ReceivedEvents received = new ReceivedEvents();
		purchases(received).withBean(WritersWait.class, () -> database)
			.withPropertyValues("awty.claim.lease=1s")
			.run((context) -> {
				try {
					clearHistory();
					insertDueRows(10);
					await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 10);

					// Three leases while the writer waits for a connection: the heartbeat keeps the rows leased.
					await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(5))
						.until(() -> received.count() == 10);
					database.proceed();

					await().atMost(Duration.ofSeconds(10)).until(() -> rowsWithStatus("DELIVERED") == 10);
					assertThat(received.duplicates()).isZero();
				}
				finally {
					database.proceed();
				}
			});
	}

	/** A broker whose acknowledgements the test gives, one part at a time. */
	private static final class AnsweredLater implements EventPublisher {

		private final List<CompletableFuture<List<PublishOutcome>>> parts = new CopyOnWriteArrayList<>();

		private final List<Integer> sizes = new CopyOnWriteArrayList<>();

		@Override
		public CompletableFuture<List<PublishOutcome>> publishAsync(String channel, List<Message<?>> messages) {
			CompletableFuture<List<PublishOutcome>> answer = new CompletableFuture<>();
			this.sizes.add(messages.size());
			this.parts.add(answer);
			return answer;
		}

		@Override
		public List<PublishOutcome> publish(String channel, List<Message<?>> messages) {
			return publishAsync(channel, messages).join();
		}

		@Override
		public void verifyChannel(String channel, String typeName) {
		}

		int sentRows() {
			return this.sizes.stream().mapToInt(Integer::intValue).sum();
		}

		void answerAll() {
			for (int part = 0; part < this.parts.size(); part++) {
				this.parts.get(part).complete(Collections.nCopies(this.sizes.get(part), PublishOutcome.success()));
			}
		}

	}

	/** A publisher whose first answer is a list of no outcomes at all ({@code null}), and which succeeds after. */
	private static final class AnswersNullOnce implements EventPublisher {

		private final AtomicInteger calls = new AtomicInteger();

		@Override
		public CompletableFuture<List<PublishOutcome>> publishAsync(String channel, List<Message<?>> messages) {
			if (this.calls.getAndIncrement() == 0) {
				return CompletableFuture.completedFuture(null);
			}
			return CompletableFuture.completedFuture(Collections.nCopies(messages.size(), PublishOutcome.success()));
		}

		@Override
		public List<PublishOutcome> publish(String channel, List<Message<?>> messages) {
			return publishAsync(channel, messages).join();
		}

		@Override
		public void verifyChannel(String channel, String typeName) {
		}

		int calls() {
			return this.calls.get();
		}

	}

	/** The outcome writer's threads wait for a connection until {@link #proceed()}; every other thread gets one. */
	private static final class WritersWait implements BeanPostProcessor {

		private final CountDownLatch proceed = new CountDownLatch(1);

		void proceed() {
			this.proceed.countDown();
		}

		@Override
		public Object postProcessAfterInitialization(Object bean, String beanName) {
			if (!(bean instanceof DataSource dataSource)) {
				return bean;
			}
			return new DelegatingDataSource(dataSource) {

				@Override
				public Connection getConnection() throws SQLException {
					if (Thread.currentThread().getName().contains("-writer-")) {
						try {
							WritersWait.this.proceed.await(1, TimeUnit.MINUTES);
						}
						catch (InterruptedException ex) {
							Thread.currentThread().interrupt();
						}
					}
					return super.getConnection();
				}

			};
		}

	}

	/**
	 * The first commit of an outcome writer's transaction reaches the database, and then the connection breaks as it
	 * answers (SQLState 08006): the writer cannot tell that it committed.
	 */
	private static final class CommitAnswerLostOnce implements BeanPostProcessor {

		private volatile boolean lost;

		@Override
		public Object postProcessAfterInitialization(Object bean, String beanName) {
			if (!(bean instanceof DataSource dataSource)) {
				return bean;
			}
			return new DelegatingDataSource(dataSource) {

				@Override
				public Connection getConnection() throws SQLException {
					return answerLost(super.getConnection());
				}

			};
		}

		private Connection answerLost(Connection connection) {
			return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Connection.class },
					(proxy, method, args) -> {
						try {
							Object result = method.invoke(connection, args);
							if (method.getName().equals("commit") && !this.lost
									&& Thread.currentThread().getName().contains("-writer-")) {
								this.lost = true;
								throw new SQLException("An I/O error occurred while sending to the backend.", "08006");
							}
							return result;
						}
						catch (InvocationTargetException ex) {
							throw ex.getCause();
						}
					});
		}

	}

	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private void insertDueRows(int count) {
		Instant due = this.database.databaseNow().minusSeconds(1);
		List<Object[]> rows = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			rows.add(new Object[] { i, this.database.timestamp(due) });
		}
		// in one transaction, so that one claim takes them all
		new TransactionTemplate(new DataSourceTransactionManager(this.jdbc.getDataSource())).executeWithoutResult(
				(status) -> this.jdbc.batchUpdate("INSERT INTO scheduled_test_purchase (purchase_id, due_at) VALUES (?, ?)",
						rows));
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
