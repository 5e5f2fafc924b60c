package dev.awty.internal.checks;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.awty.handler.HandlerOutcome;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class HandlerInvokerTests {

	private final CountDownLatch unstuck = new CountDownLatch(1);

	/** One batch at a time: two handler threads. */
	private final HandlerInvoker invoker = new HandlerInvoker("test", Duration.ofMillis(100), 1);

	@AfterEach
	void release() {
		this.unstuck.countDown();
		this.invoker.shutdown();
	}

	/** A call stuck in I/O that ignores the interrupt until the test lets it go. */
	private HandlerOutcome stuck() {
		while (true) {
			try {
				this.unstuck.await();
				return HandlerOutcome.finish();
			}
			catch (InterruptedException ex) {
				// ignored, like a thread blocked in uninterruptible I/O
			}
		}
	}

	@Test
	void callsStuckAfterTheirTimeoutKeepTheirThreadsAndAreCountedUntilTheyReturn() {
		assertThat(this.invoker.invoke(this::stuck).error()).startsWith("handler timed out");
		assertThat(this.invoker.invoke(this::stuck).error()).startsWith("handler timed out");
		assertThat(this.invoker.stuckCalls()).isEqualTo(2);

		this.unstuck.countDown();
		await().atMost(Duration.ofSeconds(5)).until(() -> this.invoker.stuckCalls() == 0);
	}

	@Test
	void onceEveryThreadIsStuckFurtherCallsFailAtOnceInsteadOfStartingMoreThreads() {
		this.invoker.invoke(this::stuck);
		this.invoker.invoke(this::stuck);

		HandlerInvoker.Invocation refused = this.invoker.invoke(HandlerOutcome::finish);
		assertThat(refused.outcome()).isNull();
		assertThat(refused.error()).isEqualTo(
				"no handler thread free: 2 abandoned handler call(s) of type 'test' have not returned yet");

		this.unstuck.countDown();
		await().atMost(Duration.ofSeconds(5)).until(() -> this.invoker.invoke(HandlerOutcome::finish).outcome() != null);
	}

	@Test
	void interruptingTheCallOfARowEndsItAtOnceAsInterruptedAndTheHandlerSeesTheInterrupt() throws Exception {
		HandlerInvoker patient = new HandlerInvoker("test", Duration.ofMinutes(1), 1);
		try {
			CountDownLatch started = new CountDownLatch(1);
			AtomicBoolean sawInterrupt = new AtomicBoolean();
			CompletableFuture<HandlerInvoker.Invocation> invocation = CompletableFuture.supplyAsync(() -> patient.invoke("claim", 7L,
					() -> {
						started.countDown();
						try {
							new CountDownLatch(1).await();
						}
						catch (InterruptedException ex) {
							sawInterrupt.set(true);
						}
						return HandlerOutcome.publishAndFinish();
					}));
			started.await();

			assertThat(patient.interrupt("claim", List.of(8L))).as("another row's call").isZero();
			assertThat(patient.interrupt("claim", List.of(7L))).isOne();

			HandlerInvoker.Invocation interrupted = invocation.get();
			assertThat(interrupted.interrupted()).isTrue();
			assertThat(interrupted.outcome()).isNull();
			await().atMost(Duration.ofSeconds(5)).untilTrue(sawInterrupt);
			assertThat(patient.interrupt("claim", List.of(7L))).as("a call that ended").isZero();
		}
		finally {
			patient.shutdown();
		}
	}

	@Test
	void aCallThatIgnoresTheInterruptOfItsRowIsAbandonedAndCountedUntilItReturns() throws Exception {
		HandlerInvoker patient = new HandlerInvoker("test", Duration.ofMinutes(1), 1);
		try {
			CountDownLatch started = new CountDownLatch(1);
			CompletableFuture<HandlerInvoker.Invocation> invocation = CompletableFuture.supplyAsync(() -> patient.invoke("claim", 7L,
					() -> {
						started.countDown();
						return stuck();
					}));
			started.await();
			patient.interrupt("claim", List.of(7L));

			assertThat(invocation.get().interrupted()).isTrue();
			assertThat(patient.stuckCalls()).isOne();
			this.unstuck.countDown();
			await().atMost(Duration.ofSeconds(5)).until(() -> patient.stuckCalls() == 0);
		}
		finally {
			patient.shutdown();
		}
	}

	@Test
	void aCallThatTimesOutIsNotReportedAsInterruptedByACancel() {
		HandlerInvoker.Invocation timedOut = this.invoker.invoke("claim", 7L, this::stuck);
		assertThat(timedOut.interrupted()).isFalse();
		assertThat(timedOut.error()).startsWith("handler timed out");
	}

	@Test
	void aRowCancelledBeforeItsTurnIsNotHandedToTheHandler() {
		AtomicBoolean called = new AtomicBoolean();
		this.invoker.cancelled(List.of(9L));

		HandlerInvoker.Invocation skipped = this.invoker.invoke("claim", 9L, () -> {
			called.set(true);
			return HandlerOutcome.finish();
		});

		assertThat(skipped.interrupted()).isTrue();
		assertThat(called).isFalse();
		assertThat(this.invoker.invoke("claim", 10L, HandlerOutcome::finish).outcome()).as("another row").isNotNull();
	}

	@Test
	void aRowLostByOneClaimInterruptsOnlyThatClaimsCallNotTheCallOfAnotherClaimThatHoldsTheRowAgain() throws Exception {
		HandlerInvoker patient = new HandlerInvoker("test", Duration.ofMinutes(1), 1);
		try {
			CountDownLatch started = new CountDownLatch(1);
			CompletableFuture<HandlerInvoker.Invocation> invocation = CompletableFuture.supplyAsync(() -> patient.invoke("c", 7L,
					() -> {
						started.countDown();
						new CountDownLatch(1).await();
						return HandlerOutcome.finish();
					}));
			started.await();

			assertThat(patient.interrupt("a", List.of(7L))).as("the claim that lost the row").isZero();
			assertThat(invocation).isNotDone();
			assertThat(patient.interrupt("c", List.of(7L))).as("the claim that holds it").isOne();
			assertThat(invocation.get().interrupted()).isTrue();
		}
		finally {
			patient.shutdown();
		}
	}

	@Test
	void aCancelOfACallThatReturnedIsToldOnceSoThatItsOutcomeAndMessagesAreDropped() {
		assertThat(this.invoker.invoke("claim", 5L, HandlerOutcome::publishAndFinish).outcome()).isNotNull();

		assertThat(this.invoker.cancelled(List.of(5L))).as("calls interrupted").isZero();

		assertThat(this.invoker.cancelledAfterReturning(List.of(5L, 6L))).containsExactly(5L);
		assertThat(this.invoker.cancelledAfterReturning(List.of(5L, 6L))).as("told once").isEmpty();
	}

}
