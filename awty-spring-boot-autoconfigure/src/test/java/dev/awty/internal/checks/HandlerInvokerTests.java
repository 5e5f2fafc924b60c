package dev.awty.internal.checks;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;

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

}
