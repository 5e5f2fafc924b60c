package dev.awty.internal.pipeline;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;

import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.awty.dialect.DialectDetector;
import dev.awty.internal.claim.Leases;
import dev.awty.internal.support.AwtyTransactions;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The heartbeat's renewal of leases, fenced per claim: a row is still held by a batch only under that batch's own
 * token. Written once and run on every database.
 */
abstract class LeaseRenewalContractTests extends DatabaseContractTests {

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

	private long insertClaimed(String token) {
		this.jdbc.update("INSERT INTO scheduled_test_purchase (purchase_id, due_at, claimed_by, claimed_until) VALUES (1, "
				+ this.database.now() + ", ?, ?)", token,
				this.database.timestamp(this.database.databaseNow().plus(Duration.ofMinutes(1))));
		return this.jdbc.queryForObject("SELECT MAX(id) FROM scheduled_test_purchase", Long.class);
	}

}
