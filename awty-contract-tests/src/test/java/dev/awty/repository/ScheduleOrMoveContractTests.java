package dev.awty.repository;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.awty.EventScheduler;
import dev.awty.ScheduleResult;
import dev.awty.ScheduleResult.Outcome;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ContractMatrix;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * "Schedule, or move the pending row of this purchase", and slot rounding, on every database.
 */
@ParameterizedClass
@MethodSource("matrix")
class ScheduleOrMoveContractTests extends DatabaseContractTests {

	private final String uniquePendingKeyDdl;

	/**
	 * Where this contract runs, each with the DDL of its unique key on pending rows. Only PostgreSQL has partial
	 * indexes; elsewhere a generated column that is NULL unless the row is pending carries the key (computed on H2,
	 * stored on MariaDB and MySQL).
	 */
	static Stream<Arguments> matrix() {
		String storedColumn = "ALTER TABLE scheduled_test_purchase ADD COLUMN pending_purchase BIGINT"
				+ " GENERATED ALWAYS AS (CASE WHEN status = 'PENDING' THEN purchase_id END) STORED;"
				+ "CREATE UNIQUE INDEX scheduled_test_purchase_pending_key ON scheduled_test_purchase (pending_purchase)";
		return Stream.of(ContractMatrix.h2("ALTER TABLE scheduled_test_purchase ADD COLUMN pending_purchase BIGINT"
				+ " GENERATED ALWAYS AS (CASE WHEN status = 'PENDING' THEN purchase_id END);"
				+ "CREATE UNIQUE INDEX scheduled_test_purchase_pending_key ON scheduled_test_purchase (pending_purchase)"),
				ContractMatrix.postgres("CREATE UNIQUE INDEX scheduled_test_purchase_pending_key"
						+ " ON scheduled_test_purchase (purchase_id) WHERE status = 'PENDING'"),
				ContractMatrix.mariadb(storedColumn), ContractMatrix.mysql(storedColumn));
	}

	ScheduleOrMoveContractTests(Supplier<TestDatabase> databases, String uniquePendingKeyDdl) {
		super(databases);
		this.uniquePendingKeyDdl = uniquePendingKeyDdl;
	}

	@BeforeEach
	void createTable() {
		this.database.execute(TestPurchase.TABLE_DDL);
		for (String statement : this.uniquePendingKeyDdl.split(";")) {
			this.jdbc.execute(statement);
		}
	}

	@Test
	void firstCallSchedulesLaterCallsMoveTheSamePendingRow() {
		run((scheduler) -> {
			Instant first = Instant.now().plus(Duration.ofDays(3)).truncatedTo(ChronoUnit.SECONDS);
			Instant latest = first.plus(Duration.ofDays(2));
			ScheduleResult scheduled = scheduler.scheduleOrMove(new TestPurchase(42), first, "purchaseId");
			ScheduleResult moved = scheduler.scheduleOrMove(new TestPurchase(42), latest, "purchaseId");

			assertThat(scheduled.outcome()).isEqualTo(Outcome.SCHEDULED);
			assertThat(moved).isEqualTo(new ScheduleResult(Outcome.MOVED, scheduled.id()));
			TestPurchase row = scheduler.find(TestPurchase.class, scheduled.id()).orElseThrow();
			assertThat(row.getDueAt()).isEqualTo(latest);
			assertThat(row.getVersion()).isEqualTo(2);
			assertThat(rows(42)).isEqualTo(1);
		});
	}

	@Test
	void concurrentCallsForOneKeyLeaveExactlyOnePendingRow() {
		run((scheduler) -> {
			ExecutorService threads = Executors.newFixedThreadPool(8);
			List<Future<?>> calls = new ArrayList<>();
			for (int thread = 0; thread < 8; thread++) {
				calls.add(threads.submit(() -> {
					for (int i = 0; i < 30; i++) {
						scheduler.scheduleOrMove(new TestPurchase(i % 10), Instant.now().plus(Duration.ofDays(1 + i)),
								"purchaseId");
					}
					return null;
				}));
			}
			for (Future<?> call : calls) {
				call.get();
			}
			threads.shutdown();
			assertThat(this.jdbc.queryForList("SELECT purchase_id FROM scheduled_test_purchase WHERE status = 'PENDING'",
					Long.class)).containsExactlyInAnyOrder(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
		});
	}

	@Test
	void rowBeingDeliveredIsReportedInFlightAndLeftAtItsTime() {
		run((scheduler) -> {
			Instant first = Instant.now().plus(Duration.ofDays(3)).truncatedTo(ChronoUnit.SECONDS);
			long id = scheduler.scheduleOrMove(new TestPurchase(7), first, "purchaseId").id();
			this.jdbc.update("UPDATE scheduled_test_purchase SET claimed_by = 'x', claimed_until = ? WHERE id = ?",
					this.database.timestamp(Instant.now().plus(Duration.ofHours(1))), id);

			assertThat(scheduler.scheduleOrMove(new TestPurchase(7), first.plusSeconds(60), "purchaseId"))
				.isEqualTo(new ScheduleResult(Outcome.IN_FLIGHT, id));
			assertThat(scheduler.find(TestPurchase.class, id).orElseThrow().getDueAt()).isEqualTo(first);
		});
	}

	@Test
	void deliveredRowsOfTheKeyDoNotStopANewSchedule() {
		run((scheduler) -> {
			long old = scheduler.scheduleOrMove(new TestPurchase(9), Instant.now().plusSeconds(3600), "purchaseId").id();
			this.jdbc.update("UPDATE scheduled_test_purchase SET status = 'DELIVERED' WHERE id = ?", old);

			ScheduleResult again = scheduler.scheduleOrMove(new TestPurchase(9), Instant.now().plusSeconds(7200),
					"purchaseId");
			assertThat(again.outcome()).isEqualTo(Outcome.SCHEDULED);
			assertThat(again.id()).isNotEqualTo(old);
		});
	}

	@Test
	void unknownKeyPropertyIsRejectedListingTheFields() {
		run((scheduler) -> assertThatIllegalArgumentException()
			.isThrownBy(() -> scheduler.scheduleOrMove(new TestPurchase(1), Instant.now(), "purchase"))
			.withMessageContaining("keyProperty 'purchase' is not a field of")
			.withMessageEndingWith("[purchaseId]"));
	}

	@Test
	void dueTimesWrittenThroughTheApiAreRoundedUpToTheTypesSlot() {
		AwtyContexts.purchases(this.database, new ReceivedEvents())
			.withPropertyValues("awty.types.test_purchase.resolution=15m")
			.run((context) -> {
				EventScheduler scheduler = context.getBean(EventScheduler.class);
				Instant slot = Instant.parse("2031-05-01T10:15:00Z");
				long inside = scheduler.schedule(new TestPurchase(1), Instant.parse("2031-05-01T10:07:30.250Z"));
				long onBoundary = scheduler.schedule(new TestPurchase(2), slot);
				assertThat(scheduler.find(TestPurchase.class, inside).orElseThrow().getDueAt()).isEqualTo(slot);
				assertThat(scheduler.find(TestPurchase.class, onBoundary).orElseThrow().getDueAt()).isEqualTo(slot);

				context.getBean(EventRepositories.class).select(TestPurchase.class)
					.where("e.id = :id").param("id", inside)
					.rescheduleTo(Instant.parse("2031-05-01T10:15:00.001Z"));
				assertThat(scheduler.find(TestPurchase.class, inside).orElseThrow().getDueAt())
					.isEqualTo(Instant.parse("2031-05-01T10:30:00Z"));
			});
	}

	@Test
	void twoPendingRowsSharingAKeyWithoutAUniqueIndexAreMovedAndTheNewestIsReported() {
		this.jdbc.execute("DROP TABLE scheduled_test_purchase");
		this.database.execute(TestPurchase.TABLE_DDL);
		run((scheduler) -> {
			Instant first = Instant.now().plus(Duration.ofDays(3)).truncatedTo(ChronoUnit.SECONDS);
			scheduler.schedule(new TestPurchase(7), first);
			long newer = scheduler.schedule(new TestPurchase(7), first);
			Instant latest = first.plus(Duration.ofDays(1));

			assertThat(scheduler.scheduleOrMove(new TestPurchase(7), latest, "purchaseId"))
				.isEqualTo(new ScheduleResult(Outcome.MOVED, newer));
			assertThat(scheduler.scheduleOrMove(new TestPurchase(7), latest.plusSeconds(60), "purchaseId"))
				.as("and again: no call fails for ever").isEqualTo(new ScheduleResult(Outcome.MOVED, newer));
			assertThat(rows(7)).isEqualTo(2);
			assertThat(scheduler.find(TestPurchase.class, newer).orElseThrow().getDueAt()).isEqualTo(latest.plusSeconds(60));
		});
	}

	private void run(ThrowingConsumer<EventScheduler> test) {
		AwtyContexts.purchases(this.database, new ReceivedEvents())
			.withPropertyValues("awty.poller.poll-interval=1h", "awty.claim.lease=2h")
			.run((context) -> test.accept(context.getBean(EventScheduler.class)));
	}

	private int rows(long purchaseId) {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM scheduled_test_purchase WHERE purchase_id = ?",
				Integer.class, purchaseId);
	}

	interface ThrowingConsumer<T> {

		void accept(T value) throws Exception;

	}

}
