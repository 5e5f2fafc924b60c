package dev.awty.internal.pipeline.kit;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.awty.dialect.DialectDetector;
import dev.awty.handler.HandlerOutcome;
import dev.awty.internal.checks.HandlerInvoker;
import dev.awty.internal.claim.Leases;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.internal.support.AwtyTransactions;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The heartbeat's renewal of leases, fenced per claim: a row is still held by a batch only under that batch's own
 * token. Written once and run on every database.
 */
@OnEveryDatabase
class LeaseRenewalContractTests extends DatabaseContractTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	LeaseRenewalContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@BeforeEach
	void createScheduledTable() {
		this.database.execute(TestPurchase.TABLE_DDL);
	}

	@Test
	void aRowLostByOneBatchAndClaimedAgainIntoAnotherOfThisInstanceIsLostToTheFirstWhenBothAreRenewedTogether() {
		// Row 1 was claimed by batch A ("a"); its lease ran out and this instance claimed it again into batch C
		// ("c"). Row 2 is A's and still held by it.
		long reclaimed = insertClaimed("c");
		long kept = insertClaimed("a");
		DataSource dataSource = this.database.simpleDataSource();
		Leases leases = new Leases("scheduled_test_purchase", DialectDetector.detect(dataSource, null), dataSource,
				AwtyTransactions.on(dataSource));
		AtomicLong lost = new AtomicLong();
		LeaseHeartbeat<Long> heartbeat = new LeaseHeartbeat<>("type 'test_purchase'", leases, Long.class, LEASE,
				lost::addAndGet);
		long longAgo = System.nanoTime() - LEASE.toNanos();
		LeaseHeartbeat<Long>.Held a = heartbeat.hold("a", List.of(reclaimed, kept), longAgo);
		LeaseHeartbeat<Long>.Held c = heartbeat.hold("c", List.of(reclaimed), longAgo);

		heartbeat.beat();

		assertThat(a.stillHeld(List.of(reclaimed, kept), Function.identity())).as("A publishes").containsExactly(kept);
		assertThat(c.stillHeld(List.of(reclaimed), Function.identity())).as("C publishes").containsExactly(reclaimed);
		assertThat(lost).as("rows counted lost").hasValue(1);
	}

	@Test
	void aRowLostByOneBatchDoesNotInterruptTheHandlerCallOfTheBatchThatClaimedItAgain() throws Exception {
		// As the last test: row 1 lost by batch A ("a") and claimed again into batch C ("c"), whose handler runs it.
		long reclaimed = insertClaimed("c");
		long kept = insertClaimed("a");
		DataSource dataSource = this.database.simpleDataSource();
		Leases leases = new Leases("scheduled_test_purchase", DialectDetector.detect(dataSource, null), dataSource,
				AwtyTransactions.on(dataSource));
		HandlerInvoker invoker = new HandlerInvoker("test_purchase", Duration.ofMinutes(1), 1);
		// Wired as a type with a handler wires it: lost rows interrupt their calls.
		LeaseHeartbeat<Long> heartbeat = new LeaseHeartbeat<>("type 'test_purchase'", leases, Long.class, LEASE,
				(lost) -> {
				}, invoker::interrupt);
		CountDownLatch started = new CountDownLatch(1);
		CountDownLatch returns = new CountDownLatch(1);
		try {
			long longAgo = System.nanoTime() - LEASE.toNanos();
			heartbeat.hold("a", List.of(reclaimed, kept), longAgo);
			heartbeat.hold("c", List.of(reclaimed), longAgo);
			CompletableFuture<HandlerInvoker.Invocation> call = CompletableFuture
				.supplyAsync(() -> invoker.invoke("c", reclaimed, () -> {
					started.countDown();
					returns.await();
					return HandlerOutcome.finish();
				}));
			assertThat(started.await(10, TimeUnit.SECONDS)).as("C's handler call started").isTrue();

			heartbeat.beat();
			returns.countDown();

			HandlerInvoker.Invocation invocation = call.get(10, TimeUnit.SECONDS);
			assertThat(invocation.interrupted()).as("C's call interrupted").isFalse();
			assertThat(invocation.outcome()).isEqualTo(HandlerOutcome.finish());
		}
		finally {
			returns.countDown();
			invoker.shutdown();
		}
	}

	@Test
	void aTypeWhoseHeldRowsAreLockedByAnotherSessionDoesNotStopTheOtherTypesHeartbeats() throws Exception {
		// Four types each hold a row that an application transaction keeps locked: each of their beats waits on the
		// lock for as long as it may (a third of the lease). A fifth type holds a free row.
		Duration lease = Duration.ofSeconds(3);
		DataSource dataSource = this.database.simpleDataSource();
		Leases leases = new Leases("scheduled_test_purchase", DialectDetector.detect(dataSource, null), dataSource,
				AwtyTransactions.on(dataSource));
		List<LeaseHeartbeat<Long>> heartbeats = new ArrayList<>();
		List<Long> locked = new ArrayList<>();
		for (int type = 0; type < 4; type++) {
			locked.add(insertClaimed("locked" + type, lease));
		}
		long free = insertClaimed("free", lease);
		ScheduledExecutorService threads = DeliveryPollers.heartbeatThreads(5);
		try (Connection application = dataSource.getConnection()) {
			application.setAutoCommit(false);
			// By primary key: MariaDB would otherwise lock every row it scans, the free one too.
			try (PreparedStatement update = application.prepareStatement("UPDATE scheduled_test_purchase SET purchase_id = 2 WHERE id = ?")) {
				for (long id : locked) {
					update.setLong(1, id);
					update.executeUpdate();
				}
			}
			for (int type = 0; type < 4; type++) {
				LeaseHeartbeat<Long> heartbeat = new LeaseHeartbeat<>("type 'locked" + type + "'", leases, Long.class,
						lease, (lost) -> {
						});
				heartbeat.hold("locked" + type, List.of(locked.get(type)), System.nanoTime());
				heartbeats.add(heartbeat);
			}
			LeaseHeartbeat<Long> freeHeartbeat = new LeaseHeartbeat<>("type 'free'", leases, Long.class, lease,
					(lost) -> {
					});
			freeHeartbeat.hold("free", List.of(free), System.nanoTime());
			heartbeats.add(freeHeartbeat);
			heartbeats.forEach((heartbeat) -> heartbeat.start(threads));

			// Two leases long, the free type's row must never be seen with its lease run out.
			long until = System.nanoTime() + lease.multipliedBy(2).toNanos();
			List<Boolean> leased = new ArrayList<>();
			while (System.nanoTime() < until) {
				leased.add(this.jdbc.queryForObject("SELECT COUNT(*) FROM scheduled_test_purchase WHERE id = ? AND claimed_until > "
						+ this.database.now(), Integer.class, free) == 1);
				Thread.sleep(100);
			}
			application.rollback();
			assertThat(leased).as("the free type's row kept its lease, sampled every 100 ms").doesNotContain(false);
		}
		finally {
			heartbeats.forEach(LeaseHeartbeat::stop);
			threads.shutdownNow();
		}
	}

	private long insertClaimed(String token) {
		return insertClaimed(token, Duration.ofMinutes(1));
	}

	private long insertClaimed(String token, Duration lease) {
		this.jdbc.update("INSERT INTO scheduled_test_purchase (purchase_id, due_at, claimed_by, claimed_until) VALUES (1, "
				+ this.database.now() + ", ?, ?)", token,
				this.database.timestamp(this.database.databaseNow().plus(lease)));
		return this.jdbc.queryForObject("SELECT MAX(id) FROM scheduled_test_purchase", Long.class);
	}

}
