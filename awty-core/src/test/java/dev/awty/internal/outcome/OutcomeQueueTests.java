package dev.awty.internal.outcome;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import org.springframework.transaction.support.TransactionCallback;
import org.springframework.transaction.support.TransactionOperations;

import dev.awty.ScheduledEntity;
import dev.awty.internal.pipeline.kit.DeliveryCounters;
import dev.awty.internal.pipeline.kit.DeliveryObserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class OutcomeQueueTests {

	private final DeliveryCounters counters = new DeliveryCounters("purchase", new DeliveryObserver() {
	});

	@Test
	void aWriterThreadInterruptedFromElsewhereOpensNoTransactionForNothing() {
		Transactions transactions = new Transactions(new CountDownLatch(0));
		OutcomeQueue<Row> queue = queue(transactions);
		queue.write("claim-1", List.of(delivered()), queue.reserve(1), () -> {
		});
		await().atMost(Duration.ofSeconds(5)).until(() -> transactions.opened.get() == 1);

		Thread.getAllStackTraces().keySet().stream()
			.filter((thread) -> thread.getName().startsWith("awty-purchase-writer-"))
			.forEach(Thread::interrupt);

		await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(2)).until(() -> transactions.opened.get() == 1);
		queue.close(System.nanoTime());
	}

	@Test
	void afterCloseAWriteHandedOverWhileAnotherIsWrittenReturnsAtOnce() throws Exception {
		CountDownLatch firstWriteHeld = new CountDownLatch(1);
		Transactions transactions = new Transactions(firstWriteHeld);
		OutcomeQueue<Row> queue = queue(transactions);
		queue.close(System.nanoTime());
		CompletableFuture.runAsync(() -> queue.write("claim-1", List.of(delivered()), queue.reserve(1), () -> {
		}));
		await().atMost(Duration.ofSeconds(5)).until(() -> transactions.opened.get() == 1);

		// The first write is held until the second has returned: a second write that waited for it would time out here
		// rather than pass slowly, whatever the machine's speed.
		CompletableFuture.runAsync(() -> queue.write("claim-2", List.of(delivered()), queue.reserve(1), () -> {
		})).get(30, TimeUnit.SECONDS);
		assertThat(firstWriteHeld.getCount()).isEqualTo(1);

		firstWriteHeld.countDown();
		await().atMost(Duration.ofSeconds(10)).until(() -> transactions.opened.get() == 2);
	}

	private OutcomeQueue<Row> queue(Transactions transactions) {
		BatchWriter<Row> writer = new BatchWriter<>("purchase", null, null, transactions, () -> null,
				new OutcomeReport("purchase", 3, this.counters), Duration.ofSeconds(30));
		return new OutcomeQueue<>("purchase", writer, this.counters, 10, Duration.ofMillis(10), 1);
	}

	private static RowResult<Row> delivered() {
		return RowResult.of(new Row(), RowResult.Kind.DELIVERED, "purchase/1/0", 0, 1);
	}

	/** Counts the transactions opened and writes nothing; the first one is held until {@code firstHeld} opens. */
	private static final class Transactions implements TransactionOperations {

		private final AtomicInteger opened = new AtomicInteger();

		private final CountDownLatch firstHeld;

		Transactions(CountDownLatch firstHeld) {
			this.firstHeld = firstHeld;
		}

		@Override
		public <T> T execute(TransactionCallback<T> action) {
			if (this.opened.incrementAndGet() == 1) {
				try {
					this.firstHeld.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
			return null;
		}

	}

	static final class Row extends ScheduledEntity {

		Row() {
			super(Instant.parse("2026-03-01T10:00:00Z"));
		}

	}

}
