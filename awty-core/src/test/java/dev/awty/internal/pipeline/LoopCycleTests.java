package dev.awty.internal.pipeline;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.IntUnaryOperator;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.awty.ClaimMode;
import dev.awty.internal.support.TypeLock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * When a cycle asks its source how long to sleep: the source's answer may cost a statement, so only once per cycle
 * that is about to sleep, and not when the loop already runs again within the claim-ahead. How a backlog's claims
 * run on the workers, several at once, and when such a cycle ends.
 */
class LoopCycleTests {

	private static final Duration POLL = Duration.ofSeconds(5);

	private static final Duration UNTIL_NEXT_ROW = Duration.ofMillis(1_400);

	private static final LoopSettings SETTINGS = new LoopSettings("purchase", "awty_purchase", POLL, 10,
			ClaimMode.SKIP_LOCKED, Duration.ofSeconds(30), 2, Duration.ofMillis(100));

	private final BatchWorkers workers = new BatchWorkers("purchase", 2);

	@AfterEach
	void stopWorkers() {
		this.workers.awaitIdle(System.nanoTime() + Duration.ofSeconds(5).toNanos());
	}

	@Test
	void aCycleThatClaimedEverythingDueSleepsUntilTheSourcesNextRowAskingItOnce() {
		CountingSource source = new CountingSource(List.of(10, 10, 3));

		Duration sleep = cycle(source, false).run(() -> true);

		assertThat(sleep).isEqualTo(UNTIL_NEXT_ROW);
		assertThat(source.claims).isEqualTo(3);
		assertThat(source.idleDelays.get()).isOne();
	}

	@Test
	void aRunAlreadyPlannedWithinTheClaimAheadSparesTheSourceTheQuestion() {
		CountingSource source = new CountingSource(List.of(3));

		Duration sleep = cycle(source, true).run(() -> true);

		assertThat(sleep).isEqualTo(POLL);
		assertThat(source.idleDelays.get()).isZero();
	}

	@Test
	void aStoppedLoopDoesNotAskTheSource() {
		CountingSource source = new CountingSource(List.of());

		assertThat(cycle(source, false).run(() -> false)).isEqualTo(POLL);
		assertThat(source.idleDelays.get()).isZero();
	}

	@Test
	void aBacklogIsClaimedByTheWorkersSeveralAtOnce() {
		AtomicInteger claiming = new AtomicInteger();
		AtomicInteger mostAtOnce = new AtomicInteger();
		CountDownLatch bothClaiming = new CountDownLatch(2);
		ScriptedSource source = new ScriptedSource((claim) -> {
			if (claim == 2 || claim == 3) {
				mostAtOnce.accumulateAndGet(claiming.incrementAndGet(), Math::max);
				bothClaiming.countDown();
				// a claim on the loop's thread would wait here alone, and answer after the timeout
				awaitQuietly(bothClaiming);
				claiming.decrementAndGet();
			}
			return (claim <= 3) ? 10 : 0;
		});

		cycle(source, false).run(() -> true);

		assertThat(mostAtOnce.get()).as("claims running at once while a backlog is drained").isEqualTo(2);
		assertThat(source.claimedRows.get()).isEqualTo(30);
	}

	@Test
	void aShortClaimBesideAFullOneThatAnswersLaterDoesNotEndTheCycle() {
		CountDownLatch shortOneProcessed = new CountDownLatch(1);
		ScriptedSource source = new ScriptedSource((claim) -> switch (claim) {
			case 1 -> 10;
			case 2 -> {
				// answers full only after the short claim made beside it has answered and been processed
				awaitQuietly(shortOneProcessed);
				yield 10;
			}
			case 3 -> 3;
			case 4 -> 10;
			default -> 0;
		});
		source.onProcessed = (batch) -> {
			if (batch.size() == 3) {
				shortOneProcessed.countDown();
			}
		};

		Duration sleep = cycle(source, false).run(() -> true);

		assertThat(source.claimedRows.get()).as("rows claimed by the cycle").isEqualTo(33);
		assertThat(sleep).isEqualTo(UNTIL_NEXT_ROW);
	}

	@Test
	void aWorkersFailedClaimFailsTheCycleAndGivesItsSlotBack() {
		ScriptedSource source = new ScriptedSource((claim) -> {
			if (claim == 2) {
				throw new IllegalStateException("database went away");
			}
			return (claim == 1) ? 10 : 0;
		});
		LoopCycle<Claimed> cycle = cycle(source, false);

		assertThatThrownBy(() -> cycle.run(() -> true)).isInstanceOf(IllegalStateException.class)
			.hasMessage("database went away");
		await().atMost(Duration.ofSeconds(5)).until(() -> this.workers.idle() == 2);
	}

	private static void awaitQuietly(CountDownLatch latch) {
		try {
			latch.await(5, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private LoopCycle<Claimed> cycle(PollSource<Claimed> source, boolean runPlannedSoon) {
		this.workers.start();
		TypeLock neverUsed = new TypeLock((configuration) -> Optional.empty(), "awty_purchase", Duration.ofSeconds(30));
		return new LoopCycle<>(SETTINGS, "type 'purchase'", source, neverUsed, this.workers, () -> runPlannedSoon);
	}

	record Claimed(int size) implements PollSource.Batch {
	}

	/** Hands out batches of the given sizes, then empty ones; says the next row is due in 1.5 s. */
	static final class CountingSource implements PollSource<Claimed> {

		private final Deque<Integer> sizes;

		private final AtomicInteger idleDelays = new AtomicInteger();

		private int claims;

		CountingSource(List<Integer> sizes) {
			this.sizes = new ArrayDeque<>(sizes);
		}

		@Override
		public Claimed claim() {
			this.claims++;
			return new Claimed(this.sizes.isEmpty() ? 0 : this.sizes.poll());
		}

		@Override
		public void release(Claimed batch) {
		}

		@Override
		public void process(Claimed batch) {
		}

		@Override
		public boolean claimsSkipLockedRows() {
			return true;
		}

		@Override
		public Duration idleDelay(Duration pollInterval) {
			this.idleDelays.incrementAndGet();
			return UNTIL_NEXT_ROW;
		}

	}

	/**
	 * Answers each claim, numbered from 1 in the order they start, with the size its script gives; claims
	 * concurrently, as a source whose claims skip each other's rows.
	 */
	static final class ScriptedSource implements PollSource<Claimed> {

		private final IntUnaryOperator script;

		private final AtomicInteger claims = new AtomicInteger();

		private final AtomicInteger claimedRows = new AtomicInteger();

		private volatile Consumer<Claimed> onProcessed = (batch) -> {
		};

		ScriptedSource(IntUnaryOperator script) {
			this.script = script;
		}

		@Override
		public Claimed claim() {
			Claimed batch = new Claimed(this.script.applyAsInt(this.claims.incrementAndGet()));
			this.claimedRows.addAndGet(batch.size());
			return batch;
		}

		@Override
		public void release(Claimed batch) {
		}

		@Override
		public void process(Claimed batch) {
			this.onProcessed.accept(batch);
		}

		@Override
		public boolean claimsSkipLockedRows() {
			return true;
		}

		@Override
		public boolean claimsConcurrently() {
			return true;
		}

		@Override
		public Duration idleDelay(Duration pollInterval) {
			return UNTIL_NEXT_ROW;
		}

	}

}
