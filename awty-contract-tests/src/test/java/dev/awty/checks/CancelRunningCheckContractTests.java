package dev.awty.checks;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import dev.awty.ClaimMode;
import dev.awty.EventScheduler;
import dev.awty.EventStatus;
import dev.awty.handler.HandlerOutcome;
import dev.awty.history.DeliveryHistory;
import dev.awty.history.DeliveryOutcome;
import dev.awty.history.DeliveryRecord;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.internal.pipeline.kit.DeliveryCounters;
import dev.awty.repository.ChangeResult;
import dev.awty.repository.EventRepositories;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.context.CheckConsumerConfiguration;
import dev.awty.testing.ContractMatrix;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.context.ScriptedHandler;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.check.TestOrderCheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Cancelling a row whose check handler is running (a handler stuck on a remote call): the cancel takes the row
 * though it is claimed, the handler is interrupted (at once on the instance that cancels, within one heartbeat
 * interval on another), nothing it publishes is sent, no outcome is written, and the row is never handled again,
 * neither after its lease nor after a restart. Written once and run on every database, in both claim modes, from
 * its matrix below.
 */
@ParameterizedClass
@MethodSource("matrix")
class CancelRunningCheckContractTests extends DatabaseContractTests {

	private static final Duration LEASE = Duration.ofSeconds(3);

	/** The heartbeat's interval: a third of the lease. */
	private static final Duration HEARTBEAT = LEASE.dividedBy(3);

	private final ScriptedHandler handler = new ScriptedHandler();

	private final CountDownLatch started = new CountDownLatch(1);

	private final AtomicBoolean sawInterrupt = new AtomicBoolean();

	private final ClaimMode mode;

	/** Where this contract runs: each set is one run of every test below. */
	static Stream<Arguments> matrix() {
		return Stream.of(ContractMatrix.h2(ClaimMode.LEADER),
				ContractMatrix.postgres(ClaimMode.SKIP_LOCKED),
				ContractMatrix.mariadb(ClaimMode.SKIP_LOCKED));
	}

	CancelRunningCheckContractTests(Supplier<TestDatabase> databases, ClaimMode mode) {
		super(databases);
		this.mode = mode;
	}

	@BeforeEach
	void createScheduledTable() {
		this.database.execute(TestOrderCheck.TABLE_DDL);
	}

	private ApplicationContextRunner instance(String id, ReceivedEvents received) {
		return AwtyContexts.consuming(CheckConsumerConfiguration.class, this.database, received)
			.withBean(ScriptedHandler.class, () -> this.handler)
			.withPropertyValues("awty.instance-id=" + id, "awty.claim.mode=" + this.mode,
					"awty.poller.poll-interval=100ms", "awty.claim.lease=" + LEASE.toMillis() + "ms",
					"awty.types.test_order_check.handler-timeout=60s", "awty.types.test_order_check.history=all");
	}

	/** A handler blocked on a remote call that ends only by an interrupt, and then publishes and finishes. */
	private void blockUntilInterrupted() {
		this.handler.behave((row, context) -> {
			this.started.countDown();
			try {
				new CountDownLatch(1).await(1, TimeUnit.MINUTES);
			}
			catch (InterruptedException ex) {
				this.sawInterrupt.set(true);
			}
			context.publish("too late " + row.getOrderId());
			return HandlerOutcome.publishAndFinish();
		});
	}

	@Test
	void cancellingARowWhoseHandlerRunsOnThisInstanceInterruptsItAndTheRowIsNeverHandledAgainNorAfterARestart() {
		blockUntilInterrupted();
		ReceivedEvents received = new ReceivedEvents();
		long[] id = new long[1];
		instance("only", received).run((context) -> {
			id[0] = context.getBean(EventScheduler.class).schedule(new TestOrderCheck(1), this.database.databaseNow());
			assertThat(this.started.await(10, TimeUnit.SECONDS)).as("the handler started").isTrue();

			ChangeResult cancelled = cancel(context, id[0]);

			assertThat(cancelled).isEqualTo(new ChangeResult(1, 0));
			await().atMost(Duration.ofSeconds(5)).untilTrue(this.sawInterrupt);
			assertThat(status(id[0])).isEqualTo(EventStatus.CANCELLED);
			// Past the lease the row would be claimable again, were it not cancelled.
			Thread.sleep(LEASE.plus(HEARTBEAT).toMillis());
			assertThat(this.handler.calls()).as("handled once, never again").hasSize(1);
			assertThat(status(id[0])).isEqualTo(EventStatus.CANCELLED);
			assertThat(received.count()).as("what the interrupted handler published").isZero();
			assertThat(counters(context).delivered()).isZero();
			assertOnlyCancelledInHistory(context, id[0]);
		});
		instance("restarted", received).run((context) -> {
			assertThat(context).hasNotFailed();
			Thread.sleep(LEASE.toMillis());
			assertThat(this.handler.calls()).as("not handled after a restart").hasSize(1);
			assertThat(status(id[0])).isEqualTo(EventStatus.CANCELLED);
			assertOnlyCancelledInHistory(context, id[0]);
		});
	}

	@Test
	void cancellingARowWhoseHandlerRunsOnAnotherInstanceInterruptsItThereWithinOneHeartbeatInterval() {
		blockUntilInterrupted();
		ReceivedEvents received = new ReceivedEvents();
		instance("worker", received).run((worker) -> {
			long id = worker.getBean(EventScheduler.class).schedule(new TestOrderCheck(2), this.database.databaseNow());
			assertThat(this.started.await(10, TimeUnit.SECONDS)).as("the handler started on the worker").isTrue();
			instance("operator", received).run((operator) -> {
				ChangeResult cancelled = cancel(operator, id);

				assertThat(cancelled).isEqualTo(new ChangeResult(1, 0));
				// One heartbeat finds the row gone; a second one allows for the beat that was under way.
				await().atMost(HEARTBEAT.multipliedBy(2).plusSeconds(1)).untilTrue(this.sawInterrupt);
				Thread.sleep(LEASE.plus(HEARTBEAT).toMillis());
				assertThat(this.handler.calls()).as("handled once, by the worker, never again").hasSize(1);
				assertThat(status(id)).isEqualTo(EventStatus.CANCELLED);
				assertThat(received.count()).isZero();
				assertThat(counters(worker).delivered() + counters(operator).delivered()).isZero();
				assertOnlyCancelledInHistory(operator, id);
			});
		});
	}

	@Test
	void cancellingAClaimWhoseFirstRowIsBeingHandledHereInterruptsItAndNeverHandsTheWaitingRowToTheHandler() {
		blockUntilInterrupted();
		ReceivedEvents received = new ReceivedEvents();
		// A long lease: no heartbeat or lease check finds the waiting row gone before its turn; the cancel tells.
		instance("only", received).withPropertyValues("awty.poller.concurrency=1", "awty.claim.lease=60s")
			.run((context) -> cancelBothRowsOfOneClaim(context, context, received, Duration.ofSeconds(5)));
	}

	@Test
	void cancellingAClaimWhoseFirstRowIsBeingHandledElsewhereInterruptsItThereAndNeverHandsTheWaitingRowToTheHandler() {
		blockUntilInterrupted();
		ReceivedEvents received = new ReceivedEvents();
		instance("worker", received).withPropertyValues("awty.poller.concurrency=1")
			.run((worker) -> instance("operator", received).run((operator) -> cancelBothRowsOfOneClaim(worker,
					operator, received, HEARTBEAT.multipliedBy(2).plusSeconds(1))));
	}

	/**
	 * Two rows claimed at once by {@code worker}'s one worker, the second waiting for the first one's handler, both
	 * cancelled through {@code operator}: the first is interrupted within {@code interruptedWithin}, the second
	 * never handed to the handler.
	 */
	private void cancelBothRowsOfOneClaim(ApplicationContext worker, ApplicationContext operator,
			ReceivedEvents received, Duration interruptedWithin) throws Exception {
		// One statement, so that one claim takes both rows.
		worker.getBean(EventScheduler.class)
			.scheduleAll(List.of(new TestOrderCheck(4), new TestOrderCheck(5)), this.database.databaseNow());
		assertThat(this.started.await(10, TimeUnit.SECONDS)).as("the handler started").isTrue();

		ChangeResult cancelled = operator.getBean(EventRepositories.class)
			.select(TestOrderCheck.class)
			.where("e.order_id IN (4, 5)")
			.cancel();

		assertThat(cancelled).isEqualTo(new ChangeResult(2, 0));
		await().atMost(interruptedWithin).untilTrue(this.sawInterrupt);
		await("the waiting row is not handed to the handler").during(Duration.ofSeconds(1))
			.atMost(Duration.ofSeconds(3))
			.until(() -> this.handler.calls().size() == 1);
		assertThat(this.jdbc.queryForList("SELECT DISTINCT status FROM scheduled_test_order_check", String.class))
			.containsExactly("CANCELLED");
		assertThat(received.count()).isZero();
	}

	@Test
	void aHandlerThatIgnoresTheInterruptHasItsOutcomeAndMessagesDroppedAndItsRowStaysCancelled() {
		CountDownLatch remoteCallReturns = new CountDownLatch(1);
		AtomicBoolean returned = new AtomicBoolean();
		AtomicReference<Throwable> publishRefused = new AtomicReference<>();
		this.handler.behave((row, context) -> {
			this.started.countDown();
			// Like a thread blocked in uninterruptible I/O: the interrupt is noticed, not obeyed.
			while (remoteCallReturns.getCount() > 0) {
				try {
					remoteCallReturns.await();
				}
				catch (InterruptedException ex) {
					this.sawInterrupt.set(true);
				}
			}
			try {
				context.publish("too late " + row.getOrderId());
			}
			catch (RuntimeException ex) {
				publishRefused.set(ex);
			}
			returned.set(true);
			return HandlerOutcome.publishAndFinish();
		});
		ReceivedEvents received = new ReceivedEvents();
		instance("only", received).run((context) -> {
			long id = context.getBean(EventScheduler.class).schedule(new TestOrderCheck(3), this.database.databaseNow());
			assertThat(this.started.await(10, TimeUnit.SECONDS)).as("the handler started").isTrue();

			assertThat(cancel(context, id)).isEqualTo(new ChangeResult(1, 0));
			await().atMost(Duration.ofSeconds(5)).untilTrue(this.sawInterrupt);
			remoteCallReturns.countDown();
			await().atMost(Duration.ofSeconds(5)).untilTrue(returned);
			assertThat(publishRefused.get()).as("a publish after the row was cancelled")
				.isInstanceOf(IllegalStateException.class)
				.hasMessageContaining("its row was cancelled");

			Thread.sleep(LEASE.plus(HEARTBEAT).toMillis());
			assertThat(status(id)).isEqualTo(EventStatus.CANCELLED);
			assertThat(received.count()).as("what the handler published after its row was cancelled").isZero();
			assertThat(counters(context).delivered()).isZero();
			assertThat(this.handler.calls()).hasSize(1);
			assertOnlyCancelledInHistory(context, id);
		});
	}

	@Test
	void aRowCancelledAfterItsHandlerReturnedWhileTheRestOfItsPartRunsHasNothingSentAndCountsNoPossibleDuplicate() {
		CountDownLatch secondStarted = new CountDownLatch(1);
		CountDownLatch secondReturns = new CountDownLatch(1);
		this.handler.behave((row, context) -> {
			if (this.handler.calls().size() == 1) {
				return HandlerOutcome.publishAndFinish();
			}
			secondStarted.countDown();
			try {
				secondReturns.await(1, TimeUnit.MINUTES);
			}
			catch (InterruptedException ex) {
				this.sawInterrupt.set(true);
			}
			return HandlerOutcome.publishAndFinish();
		});
		ReceivedEvents received = new ReceivedEvents();
		// Both rows in one part of one claim; a long lease, so that no heartbeat finds the cancelled row gone first.
		instance("only", received)
			.withPropertyValues("awty.poller.concurrency=1", "awty.poller.mark-every=2", "awty.claim.lease=60s")
			.run((context) -> {
				context.getBean(EventScheduler.class)
					.scheduleAll(List.of(new TestOrderCheck(6), new TestOrderCheck(7)), this.database.databaseNow());
				assertThat(secondStarted.await(10, TimeUnit.SECONDS)).as("the second row's handler started").isTrue();
				long returned = this.handler.calls().get(0).rowId();
				long running = this.handler.calls().get(1).rowId();

				assertThat(cancel(context, returned)).isEqualTo(new ChangeResult(1, 0));
				secondReturns.countDown();

				await().atMost(Duration.ofSeconds(10)).until(() -> status(running) == EventStatus.DELIVERED);
				assertThat(received.all()).as("messages sent")
					.extracting(ReceivedEvents.Received::eventId)
					.singleElement()
					.asString()
					.startsWith("test_order_check/" + running + "/");
				assertThat(status(returned)).isEqualTo(EventStatus.CANCELLED);
				assertThat(this.sawInterrupt).as("the running row's call was interrupted").isFalse();
				assertThat(counters(context).possibleDuplicates()).isZero();
				assertThat(counters(context).cancelledAfterHandling()).isOne();
				assertThat(counters(context).delivered()).isOne();
				assertOnlyCancelledInHistory(context, returned);
			});
	}

	private static ChangeResult cancel(ApplicationContext context, long id) {
		return context.getBean(EventRepositories.class)
			.select(TestOrderCheck.class)
			.where("e.id = :id")
			.param("id", id)
			.cancel();
	}

	private void assertOnlyCancelledInHistory(ApplicationContext context, long id) {
		assertThat(context.getBean(DeliveryHistory.class).ofRow("test_order_check", id))
			.extracting(DeliveryRecord::outcome)
			.containsExactly(DeliveryOutcome.CANCELLED);
	}

	private EventStatus status(long id) {
		return EventStatus.valueOf(this.jdbc.queryForObject("SELECT status FROM scheduled_test_order_check WHERE id = ?",
				String.class, id));
	}

	private static DeliveryCounters counters(ApplicationContext context) {
		return context.getBean(DeliveryPollers.class).counters().get("test_order_check");
	}

}
