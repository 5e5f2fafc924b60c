package dev.awty.delivery;

import java.time.Duration;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ContractMatrix;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Skip-locked mode with one, two and three instances draining 20,000 due rows: every row exactly once,
 * whatever the number of instances. The drain rate is printed, not asserted; for the README's figures run it with
 * {@code -Dawty.test.scale-out-rows=100000} (a larger drain proves no more about exactly-once, it only takes longer).
 */
@ParameterizedClass
@MethodSource("matrix")
class ScaleOutContractTests extends DatabaseContractTests {

	private static final int ROWS = Integer.getInteger("awty.test.scale-out-rows", 20_000);

	private final String pendingIndex;

	private final String insertDueRows;

	/** Where this contract runs, each with its pending index and its statement that loads {@code ?} rows. */
	static Stream<Arguments> matrix() {
		return Stream.of(
				ContractMatrix.postgres(
						"CREATE INDEX scheduled_test_purchase_pending ON scheduled_test_purchase (due_at) WHERE status = 'PENDING'",
						"INSERT INTO scheduled_test_purchase (purchase_id, due_at)"
								+ " SELECT n, CURRENT_TIMESTAMP FROM generate_series(1, ?) AS n"),
				ContractMatrix.mariadb("CREATE INDEX scheduled_test_purchase_pending ON scheduled_test_purchase (status, due_at)",
						// seq_1_to_1000000 is a table of MariaDB's built-in sequence engine
						"INSERT INTO scheduled_test_purchase (purchase_id, due_at)"
								+ " SELECT seq, UTC_TIMESTAMP(6) FROM seq_1_to_1000000 WHERE seq <= ?"));
	}

	/**
	 * @param insertDueRows inserts rows with purchase ids 1 to {@code ?}, all due now
	 */
	ScaleOutContractTests(Supplier<TestDatabase> databases, String pendingIndex, String insertDueRows) {
		super(databases);
		this.pendingIndex = pendingIndex;
		this.insertDueRows = insertDueRows;
	}

	@ParameterizedTest(name = "{0} instance(s)")
	@ValueSource(ints = { 1, 2, 3 })
	void drainsEveryDueRowExactlyOnce(int instances) {
		this.database.execute(TestPurchase.TABLE_DDL);
		this.jdbc.execute(this.pendingIndex);
		ReceivedEvents received = new ReceivedEvents();
		var runner = AwtyContexts.purchases(this.database, received)
			.withPropertyValues("awty.claim.mode=skip-locked", "awty.poller.poll-interval=100ms");
		AwtyContexts.withInstances(runner, instances, () -> {
			long start = System.nanoTime();
			this.jdbc.update(this.insertDueRows, ROWS);
			await().atMost(Duration.ofMinutes(3)).until(() -> received.distinctEventIds() == ROWS);
			long millis = Duration.ofNanos(System.nanoTime() - start).toMillis();
			System.out.printf("[" + this.database + " skip-locked] %d instance(s) drained %,d rows in %d ms = %,d rows/s, %d duplicate(s)%n",
					instances, ROWS, millis, ROWS * 1000L / Math.max(1, millis), received.duplicates());
			assertThat(received.duplicates()).isZero();
			await().atMost(Duration.ofSeconds(10)).until(() -> this.jdbc.queryForObject(
					"SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = 'DELIVERED'", Integer.class) == ROWS);
		});
	}

}
