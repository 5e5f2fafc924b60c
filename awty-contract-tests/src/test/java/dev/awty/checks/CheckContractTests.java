package dev.awty.checks;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import dev.awty.AwtyHeaders;
import dev.awty.ClaimMode;
import dev.awty.EventScheduler;
import dev.awty.EventStatus;
import dev.awty.handler.HandlerOutcome;
import dev.awty.history.DeliveryHistory;
import dev.awty.history.DeliveryOutcome;
import dev.awty.history.DeliveryRecord;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.internal.pipeline.kit.DeliveryCounters;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.context.CheckConsumerConfiguration;
import dev.awty.testing.ContractMatrix;
import dev.awty.testing.FreezableDataSources;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.context.ScriptedHandler;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.check.TestOrderCheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * "Are we there yet" checks: a handler that finishes, checks again or publishes, and the guards that stop it;
 * written once and run on every database from its matrix below.
 */
@ParameterizedClass
@MethodSource("matrix")
class CheckContractTests extends DatabaseContractTests {

	private final ClaimMode mode;

	private final ScriptedHandler handler = new ScriptedHandler();

	/** Where this contract runs: each set is one run of every test below. */
	static Stream<Arguments> matrix() {
		return Stream.of(ContractMatrix.h2(ClaimMode.LEADER),
				ContractMatrix.postgres(ClaimMode.SKIP_LOCKED),
				ContractMatrix.mariadb(ClaimMode.SKIP_LOCKED));
	}

	CheckContractTests(Supplier<TestDatabase> databases, ClaimMode mode) {
		super(databases);
		this.mode = mode;
	}

	@BeforeEach
	void createScheduledTable() {
		this.database.execute(TestOrderCheck.TABLE_DDL);
	}

	private ApplicationContextRunner checks(ReceivedEvents received, String... properties) {
		return AwtyContexts.consuming(CheckConsumerConfiguration.class, this.database, received)
			.withBean(ScriptedHandler.class, () -> this.handler)
			.withPropertyValues("awty.claim.mode=" + this.mode, "awty.poller.poll-interval=100ms",
					"awty.retry.initial-backoff=100ms", "awty.retry.jitter=0")
			.withPropertyValues(properties);
	}

	@Test
	void aHandlerThatWritesItsOwnRowFromAnotherConnectionFinishesWithTheDefaultHolding() {
		// Held in the claim's transaction, the row would be locked against this write until the handler returned:
		// a handler's rows are held by a lease instead, whatever awty.poller.holding says.
		this.handler.behave((row, context) -> {
			this.jdbc.update("UPDATE scheduled_test_order_check SET order_id = order_id + 100 WHERE id = ?", row.getId());
			return HandlerOutcome.publishAndFinish();
		});
		ReceivedEvents received = new ReceivedEvents();
		checks(received, "awty.poller.holding=transaction").run((context) -> {
			long id = context.getBean(EventScheduler.class).schedule(new TestOrderCheck(1), databaseNow());

			await().atMost(Duration.ofSeconds(10)).until(() -> status(id) == EventStatus.DELIVERED);
			assertThat(this.jdbc.queryForObject("SELECT order_id FROM scheduled_test_order_check WHERE id = ?", Long.class,
					id)).isEqualTo(101L);
			assertThat(received.count()).isEqualTo(1);
		});
	}

	@Test
	void orderShippedBeforeTheFirstCheckRaisesNoAlertAndItsRowFinishesAtTheFirstCheck() {
		Set<Long> shipped = ConcurrentHashMap.newKeySet();
		this.handler.behave((row, context) -> shipped.contains(row.getOrderId()) ? HandlerOutcome.finish()
				: HandlerOutcome.publishAndFinish());
		ReceivedEvents received = new ReceivedEvents();
		checks(received).run((context) -> {
			EventScheduler scheduler = context.getBean(EventScheduler.class);
			Instant dueAt = databaseNow().plusSeconds(1);
			long id = scheduler.schedule(new TestOrderCheck(1), dueAt);
			shipped.add(1L);

			await().atMost(Duration.ofSeconds(10)).until(() -> status(id) == EventStatus.DELIVERED);

			TestOrderCheck row = scheduler.find(TestOrderCheck.class, id).orElseThrow();
			assertThat(row.getDeliveredAt()).isAfterOrEqualTo(row.getDueAt());
			assertThat(this.handler.calls()).singleElement().satisfies((call) -> assertThat(call.checkCount()).isZero());
			await("no alert").during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(1))
				.until(() -> received.count() == 0);
			assertThat(context.getBean(DeliveryHistory.class).ofRow("test_order_check", id)).singleElement()
				.satisfies((entry) -> {
					assertThat(entry.outcome()).isEqualTo(DeliveryOutcome.FINISHED);
					assertThat(entry.checkCount()).isZero();
					assertThat(entry.eventId()).isEqualTo("test_order_check/" + id + "/1/0");
					assertThat(entry.finishedAt()).isAfterOrEqualTo(row.getDueAt());
				});
		});
	}

	@Test
	void unshippedOrderRaisesExactlyOneAlertAtTheFirstCheckAndOneEscalationAtTheSecond() {
		Duration escalateAfter = Duration.ofSeconds(2);
		this.handler.behave((row, context) -> {
			if (context.checkCount() == 0) {
				context.publish("UNSHIPPED " + row.getOrderId());
				return HandlerOutcome.checkAgainAt(context.firstCheckAt().plus(escalateAfter));
			}
			context.publish("ESCALATED " + row.getOrderId());
			return HandlerOutcome.finish();
		});
		ReceivedEvents received = new ReceivedEvents().clock(this::databaseNow);
		checks(received).run((context) -> {
			EventScheduler scheduler = context.getBean(EventScheduler.class);
			long id = scheduler.schedule(new TestOrderCheck(2), databaseNow().plusSeconds(1));
			Instant firstCheckAt = scheduler.find(TestOrderCheck.class, id).orElseThrow().getDueAt();

			await().atMost(Duration.ofSeconds(15)).until(() -> status(id) == EventStatus.DELIVERED);

			List<ReceivedEvents.Received> alerts = received.all();
			assertThat(alerts).<Object>extracting((alert) -> alert.message().getPayload())
				.containsExactly("UNSHIPPED 2", "ESCALATED 2");
			assertThat(alerts.get(0).receivedAt()).isAfterOrEqualTo(firstCheckAt)
				.isBefore(firstCheckAt.plusMillis(1500));
			assertThat(alerts.get(1).receivedAt()).isAfterOrEqualTo(firstCheckAt.plus(escalateAfter))
				.isBefore(firstCheckAt.plus(escalateAfter).plusMillis(1500));
			assertThat(alerts).extracting(ReceivedEvents.Received::eventId)
				.containsExactly("test_order_check/" + id + "/1/0", "test_order_check/" + id + "/1/1");
			assertThat(alerts.get(1).message().getHeaders()).containsEntry(AwtyHeaders.CHECK_COUNT, 1);
			assertThat(this.jdbc.queryForMap("SELECT check_count, first_check_at FROM scheduled_test_order_check WHERE id = ?",
					id)).containsEntry("check_count", 1);
			Instant storedFirstCheckAt = this.jdbc.queryForObject(
					"SELECT first_check_at FROM scheduled_test_order_check WHERE id = ?", (rs, row) -> this.database.instant(rs, 1), id);
			assertThat(storedFirstCheckAt).isEqualTo(firstCheckAt);
			assertThat(context.getBean(DeliveryHistory.class).ofRow("test_order_check", id)).singleElement()
				.satisfies((entry) -> {
					assertThat(entry.outcome()).isEqualTo(DeliveryOutcome.FINISHED);
					assertThat(entry.checkCount()).isEqualTo(1);
				});
		});
	}

	@Test
	void handlerAskingToCheckAgainMoreThanMaxChecksFailsTheRowWithMaxChecksExceeded() {
		this.handler.behave((row, context) -> HandlerOutcome.checkAgainAt(context.now().plusMillis(100)));
		checks(new ReceivedEvents(), "awty.types.test_order_check.max-checks=3").run((context) -> {
			long id = context.getBean(EventScheduler.class).schedule(new TestOrderCheck(3), databaseNow());

			await().atMost(Duration.ofSeconds(15)).until(() -> status(id) == EventStatus.FAILED);

			assertThat(this.handler.calls()).extracting(ScriptedHandler.Call::checkCount).containsExactly(0, 1, 2);
			assertThat(lastError(id)).startsWith("max checks exceeded")
				.contains("awty.types.test_order_check.max-checks is 3");
			assertFailureRecorded(context.getBean(DeliveryHistory.class), id, "max checks exceeded");
		});
	}

	@Test
	void handlerThatOutlivesItsTimeoutIsInterruptedAndCountedAsFailedAttemptsUntilFailed() {
		this.handler.behave((row, context) -> {
			try {
				// blocks until the timeout interrupts it
				new CountDownLatch(1).await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			context.publish("too late");
			return HandlerOutcome.publishAndFinish();
		});
		ReceivedEvents received = new ReceivedEvents();
		checks(received, "awty.types.test_order_check.handler-timeout=300ms", "awty.types.test_order_check.max-attempts=2")
			.run((context) -> {
				long id = context.getBean(EventScheduler.class).schedule(new TestOrderCheck(4), databaseNow());

				await().atMost(Duration.ofSeconds(15)).until(() -> status(id) == EventStatus.FAILED);

				assertThat(lastError(id)).isEqualTo("handler timed out after PT0.3S and was interrupted");
				assertThat(this.jdbc.queryForObject("SELECT attempts FROM scheduled_test_order_check WHERE id = ?",
						Integer.class, id)).isEqualTo(2);
				assertThat(this.handler.calls()).hasSize(2);
				assertThat(context.getBean(DeliveryHistory.class).ofRow("test_order_check", id))
					.extracting(DeliveryRecord::outcome, DeliveryRecord::error)
					.containsExactly(
							org.assertj.core.groups.Tuple.tuple(DeliveryOutcome.RETRY,
									"handler timed out after PT0.3S and was interrupted"),
							org.assertj.core.groups.Tuple.tuple(DeliveryOutcome.FAILED,
									"handler timed out after PT0.3S and was interrupted"));
				await("nothing the abandoned handler published is sent").during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(1)).until(() -> received.count() == 0);
			});
	}

	@Test
	void checkAgainBeyondTheHorizonFailsTheRowWithTheHorizonInTheReason() {
		this.handler.behave((row, context) -> HandlerOutcome.checkAgainAt(context.now().plus(Duration.ofHours(2))));
		checks(new ReceivedEvents(), "awty.types.test_order_check.horizon=1h").run((context) -> {
			long id = context.getBean(EventScheduler.class).schedule(new TestOrderCheck(5), databaseNow());

			await().atMost(Duration.ofSeconds(10)).until(() -> status(id) == EventStatus.FAILED);

			assertThat(lastError(id)).contains("is beyond the horizon: awty.types.test_order_check.horizon is PT1H");
			assertFailureRecorded(context.getBean(DeliveryHistory.class), id, "check-again instant");
		});
	}

	@Test
	void checkAgainNotAfterTheCurrentDueTimeFailsTheRowInsteadOfLoopingOnIt() {
		this.handler.behave((row, context) -> HandlerOutcome.checkAgainAt(row.getDueAt()));
		checks(new ReceivedEvents()).run((context) -> {
			long id = context.getBean(EventScheduler.class).schedule(new TestOrderCheck(6), databaseNow());

			await().atMost(Duration.ofSeconds(10)).until(() -> status(id) == EventStatus.FAILED);

			assertThat(lastError(id)).contains("is not after the current due time");
			assertThat(this.handler.calls()).hasSize(1);
			assertFailureRecorded(context.getBean(DeliveryHistory.class), id, "check-again instant");
		});
	}

	@Test
	void handlerThatThrowsIsRetriedWithBackoffAndItsRowPublishedOnceItSucceeds() {
		this.handler.behave((row, context) -> {
			if (context.checkCount() == 0 && row.getAttempts() < 2) {
				throw new IllegalStateException("warehouse unreachable");
			}
			return HandlerOutcome.publishAndFinish();
		});
		ReceivedEvents received = new ReceivedEvents();
		checks(received).run((context) -> {
			long id = context.getBean(EventScheduler.class).schedule(new TestOrderCheck(7), databaseNow());

			await().atMost(Duration.ofSeconds(10)).until(() -> status(id) == EventStatus.DELIVERED);

			assertThat(received.all()).singleElement().satisfies((delivery) -> {
				assertThat(delivery.message().getPayload()).isInstanceOf(TestOrderCheck.class);
				assertThat(delivery.message().getHeaders()).containsEntry(AwtyHeaders.ATTEMPT, 3);
			});
			assertThat(context.getBean(DeliveryHistory.class).ofRow("test_order_check", id))
				.extracting(DeliveryRecord::outcome)
				.containsExactly(DeliveryOutcome.RETRY, DeliveryOutcome.RETRY, DeliveryOutcome.DELIVERED);
		});
	}

	private void assertFailureRecorded(DeliveryHistory history, long id, String reason) {
		assertThat(history.ofRow("test_order_check", id)).singleElement().satisfies((entry) -> {
			assertThat(entry.outcome()).isEqualTo(DeliveryOutcome.FAILED);
			assertThat(entry.error()).startsWith(reason).isEqualTo(lastError(id));
		});
	}

	private EventStatus status(long id) {
		return EventStatus.valueOf(this.jdbc.queryForObject("SELECT status FROM scheduled_test_order_check WHERE id = ?",
				String.class, id));
	}

	private String lastError(long id) {
		return this.jdbc.queryForObject("SELECT last_error FROM scheduled_test_order_check WHERE id = ?", String.class,
				id);
	}

	@Test
	void handlerSlowerThanTheLeaseKeepsItsRowWhileTheHeartbeatExtendsItAndPublishesOnce() {
		Duration lease = Duration.ofSeconds(2);
		this.handler.behave((row, context) -> {
			// Twice the lease, by the database's clock: without a heartbeat another claim would take the row.
			Instant until = context.now().plus(lease.multipliedBy(2));
			await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
				.until(() -> databaseNow().isAfter(until));
			return HandlerOutcome.publishAndFinish();
		});
		ReceivedEvents received = new ReceivedEvents();
		String[] slow = { "awty.claim.lease=2s", "awty.types.test_order_check.handler-timeout=30s" };
		checks(received, slow).withPropertyValues("awty.instance-id=first")
			.run((first) -> checks(received, slow).withPropertyValues("awty.instance-id=second").run((second) -> {
				long id = first.getBean(EventScheduler.class).schedule(new TestOrderCheck(1), databaseNow());
				await().atMost(Duration.ofSeconds(30)).until(() -> first.getBean(EventScheduler.class)
					.find(TestOrderCheck.class, id).orElseThrow().getStatus() == EventStatus.DELIVERED);
				await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2)).until(() -> received.count() == 1);
				assertThat(this.handler.calls()).as("the handler ran once, its row never claimed again").hasSize(1);
			}));
	}

	@Test
	void handlerStalledPastTheLeaseLosesItsRowsToAnotherInstanceWhichHandlesThemAndItsMissIsCountedAndFencedOff() {
		FreezableDataSources stall = new FreezableDataSources();
		CountDownLatch resume = new CountDownLatch(1);
		AtomicBoolean stalled = new AtomicBoolean();
		this.handler.behave((row, context) -> {
			// A long pause right in the middle of a handler: the whole instance stops, heartbeat included.
			if (stalled.compareAndSet(false, true)) {
				stall.freeze();
				awaitQuietly(resume);
			}
			return HandlerOutcome.publishAndFinish();
		});
		ReceivedEvents stalling = new ReceivedEvents();
		ReceivedEvents other = new ReceivedEvents();
		String[] shortLease = { "awty.claim.lease=2s", "awty.types.test_order_check.handler-timeout=30s",
				"awty.poller.mark-every=1" };
		// One worker, which stalls: with more, an idle worker would take the second row of the claim.
		checks(stalling, shortLease).withPropertyValues("awty.instance-id=stalling", "awty.poller.concurrency=1")
			.withBean(FreezableDataSources.class, () -> stall)
			.run((one) -> {
				try {
					// One statement, so that one claim takes both rows: the first stalls, the second waits its turn.
					one.getBean(EventScheduler.class)
						.scheduleAll(List.of(new TestOrderCheck(1), new TestOrderCheck(2)), databaseNow());
					List<Long> ids = this.jdbc.queryForList("SELECT id FROM scheduled_test_order_check", Long.class);
					await().atMost(Duration.ofSeconds(10)).untilTrue(stalled);
					checks(other, shortLease).withPropertyValues("awty.instance-id=other").run((two) -> {
						await().atMost(Duration.ofSeconds(15)).until(() -> other.distinctEventIds() == 2);
						stall.thaw();
						resume.countDown();

						// The waiting row is lost for sure; the row in the handler too if the heartbeat finds it first.
						await().atMost(Duration.ofSeconds(10)).until(() -> counters(one).lostLeases() >= 1);
						assertThat(counters(one).lostLeases()).isBetween(1L, 2L);
						await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(3))
							.until(() -> ids.stream().allMatch((id) -> status(id) == EventStatus.DELIVERED));
						assertThat(counters(one).delivered()).as("its late write was fenced off").isZero();
						long stalledRow = this.handler.calls().get(0).rowId();
						assertThat(stalling.all()).as("at most the row its handler ran when it stalled")
							.extracting(ReceivedEvents.Received::eventId)
							.allSatisfy((eventId) -> assertThat(eventId).startsWith("test_order_check/" + stalledRow + "/"));
						assertThat(this.handler.calls()).filteredOn((call) -> call.rowId() != stalledRow)
							.as("the waiting row was handled once, by the other instance").hasSize(1);
						assertThat(counters(two).delivered()).isEqualTo(2);
					});
				}
				finally {
					stall.thaw();
					resume.countDown();
				}
			});
	}

	private static DeliveryCounters counters(ApplicationContext context) {
		return context.getBean(DeliveryPollers.class).counters().get("test_order_check");
	}

	private static void awaitQuietly(CountDownLatch latch) {
		try {
			latch.await(1, TimeUnit.MINUTES);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private Instant databaseNow() {
		return this.database.databaseNow();
	}

}
