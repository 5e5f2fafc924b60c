package dev.awty.limits;

import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.messaging.Message;

import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.internal.pipeline.kit.DeliveryObserver;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.PublishOutcome;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ContractMatrix;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Limits that hold across instances, with three instances claiming in skip-locked mode on one database: a rate for
 * the whole cluster, and at most one row in flight per key.
 */
@ParameterizedClass
@MethodSource("matrix")
class LimitsContractTests extends DatabaseContractTests {

	private static final int INSTANCES = 3;

	private final String pendingIndex;

	/** Where this contract runs, each with its index of pending rows (partial where the database has them). */
	static Stream<Arguments> matrix() {
		String byStatus = "CREATE INDEX scheduled_test_purchase_pending ON scheduled_test_purchase (status, due_at)";
		return Stream.of(ContractMatrix.h2(byStatus), ContractMatrix.postgres(
				"CREATE INDEX scheduled_test_purchase_pending ON scheduled_test_purchase (due_at) WHERE status = 'PENDING'"),
				ContractMatrix.mariadb(byStatus));
	}

	LimitsContractTests(Supplier<TestDatabase> databases, String pendingIndex) {
		super(databases);
		this.pendingIndex = pendingIndex;
	}

	@BeforeEach
	void createScheduledTableWithItsIndexes() {
		this.database.execute(TestPurchase.TABLE_DDL);
		this.jdbc.execute(this.pendingIndex);
		this.jdbc.execute("CREATE INDEX scheduled_test_purchase_key ON scheduled_test_purchase (purchase_id)");
	}

	@Test
	void threeInstancesTogetherDeliverNoFasterThanTheRateAndEveryRowOnce() {
		int rate = 30;
		int rows = 90;
		insertDueRows(rows, rows);
		ReceivedEvents received = new ReceivedEvents();
		ApplicationContextRunner runner = instances(received)
			.withPropertyValues("awty.types.test_purchase.limit.rate=" + rate, "awty.poller.batch-size=10");
		AwtyContexts.withInstances(runner, INSTANCES, () -> {
			await().atMost(Duration.ofSeconds(30)).until(() -> received.count() >= rows);
			assertThat(received.duplicates()).isZero();
			List<Instant> times = received.all().stream().map(ReceivedEvents.Received::receivedAt).sorted().toList();
			// A full bucket at first (one period's rows at once), then the rate; a quarter second for clocks and claims.
			for (int i = 0; i < times.size(); i++) {
				double seconds = Duration.between(times.get(0), times.get(i)).toNanos() / 1e9;
				assertThat(i + 1).as("rows received %.2f s after the first", seconds)
					.isLessThanOrEqualTo(rate + (int) Math.ceil((seconds + 0.25) * rate));
			}
		});
	}

	@Test
	void threeInstancesNeverHaveTwoRowsOfOneKeyInFlightAndDeliverEveryRow() {
		int keys = 6;
		int rows = 60;
		insertDueRows(rows, keys);
		Map<Long, AtomicInteger> inFlight = new ConcurrentHashMap<>();
		AtomicInteger mostAtOnce = new AtomicInteger();
		ReceivedEvents received = new ReceivedEvents().each((message) -> {
			AtomicInteger ofKey = inFlight.computeIfAbsent(((TestPurchase) message.getPayload()).getPurchaseId(),
					(key) -> new AtomicInteger());
			mostAtOnce.accumulateAndGet(ofKey.incrementAndGet(), Math::max);
			try {
				// long enough for the other instances to claim meanwhile
				Thread.sleep(20);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			ofKey.decrementAndGet();
		});
		ApplicationContextRunner runner = instances(received)
			.withPropertyValues("awty.types.test_purchase.limit.key=purchaseId");
		AwtyContexts.withInstances(runner, INSTANCES, () -> {
			await().atMost(Duration.ofSeconds(60)).until(() -> received.count() >= rows);
			assertThat(received.duplicates()).isZero();
			assertThat(mostAtOnce).hasValue(1);
			await().atMost(Duration.ofSeconds(10)).until(() -> this.jdbc.queryForObject(
					"SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = 'DELIVERED'", Integer.class) == rows);
		});
	}

	@Test
	void aKeyedTypeWhosePartEndedInAnExceptionPollsAtItsIntervalAgainOnceTheRowIsDelivered() {
		insertDueRows(1, 1);
		AtomicInteger claims = new AtomicInteger();
		AtomicInteger publishes = new AtomicInteger();
		// The first answer is no list of outcomes at all: the part ends in an exception.
		EventPublisher answersNullOnce = new EventPublisher() {

			@Override
			public CompletableFuture<List<PublishOutcome>> publishAsync(String channel, List<Message<?>> messages) {
				return CompletableFuture.completedFuture((publishes.getAndIncrement() == 0) ? null
						: Collections.nCopies(messages.size(), PublishOutcome.success()));
			}

			@Override
			public List<PublishOutcome> publish(String channel, List<Message<?>> messages) {
				return publishAsync(channel, messages).join();
			}

			@Override
			public void verifyChannel(String channel, String typeName) {
			}

		};
		AwtyContexts.purchases(this.database, new ReceivedEvents())
			.withBean(EventPublisher.class, () -> answersNullOnce)
			.withPropertyValues("awty.claim.mode=skip-locked", "awty.poller.poll-interval=1s", "awty.claim.lease=1s",
					"awty.types.test_purchase.limit.key=purchaseId")
			.run((context) -> {
				context.getBean(DeliveryPollers.class).addObserver(new DeliveryObserver() {

					@Override
					public void claimed(String type, int rows, long nanos) {
						if (type.equals("test_purchase")) {
							claims.incrementAndGet();
						}
					}

				});
				await().atMost(Duration.ofSeconds(10)).until(() -> this.jdbc.queryForObject(
						"SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = 'DELIVERED'", Integer.class) == 1);
				assertThat(publishes).as("published again once its lease ran out").hasValue(2);

				// A batch counted in flight for good kept the keyed type re-polling every 50 ms.
				int before = claims.get();
				await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(3))
					.until(() -> claims.get() - before <= 4);
			});
	}

	/** Inserts {@code rows} rows due now, with purchase ids 0 to {@code keys - 1} in turn. */
	private void insertDueRows(int rows, int keys) {
		this.jdbc.batchUpdate("INSERT INTO scheduled_test_purchase (purchase_id, due_at) VALUES (?, "
				+ this.database.now() + ")", IntStream.range(0, rows)
					.mapToObj((row) -> new Object[] { row % keys })
					.toList());
	}

	private ApplicationContextRunner instances(ReceivedEvents received) {
		return AwtyContexts.purchases(this.database, received)
			.withPropertyValues("awty.claim.mode=skip-locked", "awty.poller.poll-interval=100ms");
	}

}
