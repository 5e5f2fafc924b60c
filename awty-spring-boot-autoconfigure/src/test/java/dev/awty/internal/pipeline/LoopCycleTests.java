package dev.awty.internal.pipeline;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.awty.ClaimMode;
import dev.awty.internal.support.TypeLock;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When a cycle asks its source how long to sleep: the source's answer may cost a statement, so only once per cycle
 * that is about to sleep, and not when the loop already runs again within the claim-ahead.
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

	private LoopCycle<Claimed> cycle(CountingSource source, boolean runPlannedSoon) {
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

}
