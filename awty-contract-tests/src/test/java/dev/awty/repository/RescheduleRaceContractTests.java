package dev.awty.repository;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.awty.AwtyHeaders;
import dev.awty.ClaimMode;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ContractMatrix;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Threads reschedule random rows while two instances deliver them. A reschedule either loses to a delivery
 * already under way (reported in flight, delivered at the old time) or wins (delivered once, at the new
 * time): no row is delivered twice, and none at a superseded time.
 */
@ParameterizedClass
@MethodSource("matrix")
class RescheduleRaceContractTests extends DatabaseContractTests {

	private static final int ROWS = 1_000;

	private static final int THREADS = 4;

	private final ClaimMode mode;

	/** Where this contract runs: each set is one run of every test below. */
	static Stream<Arguments> matrix() {
		return Stream.of(ContractMatrix.h2(ClaimMode.LEADER),
				ContractMatrix.postgres(ClaimMode.SKIP_LOCKED),
				ContractMatrix.mariadb(ClaimMode.SKIP_LOCKED),
				ContractMatrix.mysql(ClaimMode.SKIP_LOCKED));
	}

	RescheduleRaceContractTests(Supplier<TestDatabase> databases, ClaimMode mode) {
		super(databases);
		this.mode = mode;
	}

	@Test
	void reschedulesRacingDeliveriesNeverFireASupersededTimeOrTwice() throws Exception {
		this.database.execute(TestPurchase.TABLE_DDL);
		ReceivedEvents received = new ReceivedEvents();
		Map<String, Instant> dueAtByEventId = new ConcurrentHashMap<>();
		AtomicInteger moved = new AtomicInteger();
		AtomicInteger inFlight = new AtomicInteger();
		var runner = AwtyContexts.purchases(this.database, received)
			.withPropertyValues("awty.claim.mode=" + this.mode, "awty.poller.poll-interval=50ms",
					"awty.poller.batch-size=50");
		runner.withPropertyValues("awty.instance-id=a").run((first) -> runner.withPropertyValues("awty.instance-id=b")
			.run((second) -> {
				Instant now = this.database.databaseNow();
				List<Object[]> rows = new ArrayList<>();
				for (int i = 0; i < ROWS; i++) {
					rows.add(new Object[] { i, this.database.timestamp(now.plusMillis(ThreadLocalRandom.current().nextLong(300, 3000))) });
				}
				this.jdbc.batchUpdate("INSERT INTO scheduled_test_purchase (purchase_id, due_at) VALUES (?, ?)", rows);
				this.jdbc.query("SELECT id, version, due_at FROM scheduled_test_purchase", (rs) -> {
					dueAtByEventId.put("test_purchase/" + rs.getLong(1) + "/" + rs.getInt(2),
							this.database.instant(rs, 3));
				});
				List<Long> ids = this.jdbc.queryForList("SELECT id FROM scheduled_test_purchase", Long.class);
				EventRepositories repositories = first.getBean(EventRepositories.class);

				ExecutorService threads = Executors.newFixedThreadPool(THREADS);
				List<Future<?>> work = new ArrayList<>();
				long until = System.nanoTime() + Duration.ofSeconds(4).toNanos();
				for (int t = 0; t < THREADS; t++) {
					int partition = t;
					work.add(threads.submit(() -> {
						ThreadLocalRandom random = ThreadLocalRandom.current();
						while (System.nanoTime() < until) {
							long id = ids.get(random.nextInt(ids.size()));
							if (id % THREADS != partition) {
								continue;
							}
							Instant dueAt = Instant.now().plusMillis(random.nextLong(-200, 2000));
							ChangeResult result = repositories.select(TestPurchase.class)
								.where("e.id = :id")
								.param("id", id)
								.rescheduleTo(dueAt);
							moved.addAndGet(result.changed());
							inFlight.addAndGet(result.inFlight());
							if (result.changed() == 1) {
								this.jdbc.query("SELECT version, due_at FROM scheduled_test_purchase WHERE id = ?", (rs) -> {
									dueAtByEventId.put("test_purchase/" + id + "/" + rs.getInt(1),
											this.database.instant(rs, 2));
								}, id);
							}
						}
						return null;
					}));
				}
				for (Future<?> future : work) {
					future.get();
				}
				threads.shutdown();

				await().atMost(Duration.ofSeconds(30)).until(() -> this.jdbc.queryForObject(
						"SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = 'DELIVERED'", Integer.class) == ROWS);
				System.out.printf("[%s %s] %d reschedules applied, %d found the row in flight, %d deliveries%n", this.database,
						this.mode, moved.get(), inFlight.get(), received.count());

				assertThat(moved.get()).as("the race actually happened").isPositive();
				assertThat(received.duplicates()).as("no row delivered twice").isZero();
				assertThat(received.count()).isEqualTo(ROWS);
				Map<Long, Integer> finalVersions = new ConcurrentHashMap<>();
				this.jdbc.query("SELECT id, version FROM scheduled_test_purchase",
						(rs) -> {
							finalVersions.put(rs.getLong(1), rs.getInt(2));
						});
				assertThat(received.all()).allSatisfy((delivery) -> {
					String eventId = delivery.eventId();
					String[] parts = eventId.split("/");
					assertThat(Integer.parseInt(parts[2])).as("delivered version of " + eventId + " is the row's last")
						.isEqualTo(finalVersions.get(Long.parseLong(parts[1])));
					assertThat(delivery.message().getHeaders().get(AwtyHeaders.DUE_AT))
						.as("delivered at the due time of its version: " + eventId)
						.isEqualTo(dueAtByEventId.get(eventId));
				});
			}));
	}



}
