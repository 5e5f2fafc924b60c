package dev.awty.jpa;

import java.time.Duration;
import java.time.Instant;
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
import dev.awty.jpa.shop.Reminders;
import dev.awty.jpa.shop.ScheduledInvoiceReminder;
import dev.awty.repository.ChangeResult;
import dev.awty.testing.ContractMatrix;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Threads reschedule reminders through the repository fragment by a {@code Specification} join while two
 * instances deliver them: a reschedule either loses to a delivery under way (reported in flight, delivered
 * at the old time) or wins (delivered once, at the new time). No row is delivered twice or at a superseded
 * time.
 */
@ParameterizedClass
@MethodSource("matrix")
class SpecificationRaceContractTests extends DatabaseContractTests {

	private static final int ROWS = 400;

	private static final int THREADS = 3;

	private final ClaimMode mode;

	/** Where this contract runs: each set is one run of every test below. */
	static Stream<Arguments> matrix() {
		return Stream.of(ContractMatrix.h2(ClaimMode.LEADER),
				ContractMatrix.postgres(ClaimMode.SKIP_LOCKED),
				ContractMatrix.mariadb(ClaimMode.SKIP_LOCKED));
	}

	SpecificationRaceContractTests(Supplier<TestDatabase> databases, ClaimMode mode) {
		super(databases);
		this.mode = mode;
	}

	@Test
	void specificationReschedulesRacingTwoDeliveringInstancesNeverFireASupersededTimeOrTwice() throws Exception {
		ReceivedEvents received = new ReceivedEvents();
		Map<String, Instant> dueAtByEventId = new ConcurrentHashMap<>();
		AtomicInteger moved = new AtomicInteger();
		AtomicInteger inFlight = new AtomicInteger();
		String[] settings = { "awty.claim.mode=" + this.mode, "awty.poller.poll-interval=50ms",
				"awty.poller.batch-size=25" };
		var first = JpaContexts.billing(this.database, received).withPropertyValues(settings);
		var second = JpaContexts.another(this.database, received).withPropertyValues(settings);
		first.withPropertyValues("awty.instance-id=a").run((a) -> second.withPropertyValues("awty.instance-id=b")
			.run((b) -> {
				this.jdbc.update("INSERT INTO customer (name) VALUES ('ada')");
				long customer = this.jdbc.queryForObject("SELECT MAX(id) FROM customer", Long.class);
				for (int i = 1; i <= ROWS; i++) {
					this.jdbc.update("INSERT INTO invoice (id, customer_id, amount) VALUES (?, ?, ?)", i, customer, i);
				}
				Instant now = this.database.databaseNow();
				List<Object[]> rows = new ArrayList<>();
				for (int i = 1; i <= ROWS; i++) {
					rows.add(new Object[] { i, this.database.timestamp(now.plusMillis(ThreadLocalRandom.current().nextLong(300, 3000))) });
				}
				this.jdbc.batchUpdate("INSERT INTO scheduled_invoice_reminder (invoice_id, due_at) VALUES (?, ?)", rows);
				this.jdbc.query("SELECT id, version, due_at FROM scheduled_invoice_reminder",
						(rs) -> {
							dueAtByEventId.put(eventId(rs.getLong(1), rs.getInt(2)), this.database.instant(rs, 3));
						});
				Reminders reminders = a.getBean(Reminders.class);

				ExecutorService threads = Executors.newFixedThreadPool(THREADS);
				List<Future<?>> work = new ArrayList<>();
				long until = System.nanoTime() + Duration.ofSeconds(4).toNanos();
				for (int t = 0; t < THREADS; t++) {
					int partition = t;
					work.add(threads.submit(() -> {
						ThreadLocalRandom random = ThreadLocalRandom.current();
						while (System.nanoTime() < until) {
							long invoice = random.nextLong(1, ROWS + 1);
							if (invoice % THREADS != partition) {
								continue;
							}
							Instant dueAt = Instant.now().plusMillis(random.nextLong(-200, 2000));
							ChangeResult result = reminders.rescheduleTo((reminder, query, cb) -> cb.and(
									cb.equal(reminder.join("invoice").get("id"), invoice),
									cb.equal(reminder.join("invoice").get("customer").get("id"), customer)), dueAt);
							moved.addAndGet(result.changed());
							inFlight.addAndGet(result.inFlight());
							if (result.changed() == 1) {
								this.jdbc.query("SELECT id, version, due_at FROM scheduled_invoice_reminder WHERE invoice_id = ?",
										(rs) -> {
											dueAtByEventId.put(eventId(rs.getLong(1), rs.getInt(2)), this.database.instant(rs, 3));
										}, invoice);
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
						"SELECT COUNT(*) FROM scheduled_invoice_reminder WHERE status = 'DELIVERED'", Integer.class) == ROWS);
				System.out.printf("[%s %s] %d specification reschedules applied, %d found the row in flight%n", this.database,
						this.mode, moved.get(), inFlight.get());

				assertThat(moved.get()).as("the race actually happened").isPositive();
				assertThat(received.duplicates()).as("no row delivered twice").isZero();
				assertThat(received.count()).isEqualTo(ROWS);
				Map<Long, Integer> finalVersions = new ConcurrentHashMap<>();
				this.jdbc.query("SELECT id, version FROM scheduled_invoice_reminder",
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
					assertThat(delivery.receivedAt()).as("never early: " + eventId)
						.isAfterOrEqualTo(dueAtByEventId.get(eventId).minusMillis(5));
					assertThat(delivery.message().getPayload()).isInstanceOf(ScheduledInvoiceReminder.class);
				});
			}));
	}

	private static String eventId(long id, int version) {
		return "invoice_reminder/" + id + "/" + version;
	}

}
