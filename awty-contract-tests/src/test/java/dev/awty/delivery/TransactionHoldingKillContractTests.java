package dev.awty.delivery;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.awty.EventScheduler;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ContractMatrix;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An instance that dies with batches held in open transactions: its connections drop, the database rolls its
 * transactions back, and another instance delivers the rows at once, not a lease later. On the database servers an
 * instance can die apart from; an in-memory H2 dies with its JVM.
 */
@ParameterizedClass
@MethodSource("matrix")
class TransactionHoldingKillContractTests extends DatabaseContractTests {

	static Stream<Arguments> matrix() {
		return Stream.of(ContractMatrix.postgres(), ContractMatrix.mariadb());
	}

	TransactionHoldingKillContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@BeforeEach
	void createScheduledTable() {
		this.database.execute(TestPurchase.TABLE_DDL);
	}

	private ApplicationContextRunner purchases(ReceivedEvents received) {
		return AwtyContexts.purchases(this.database, received).withPropertyValues("awty.poller.poll-interval=100ms");
	}

	@Test
	void anInstanceWhoseConnectionsAreGoneLeavesItsRowsToTheNextInstanceAtOnceNotALeaseLater() {
		CountDownLatch publishing = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		ReceivedEvents stuck = new ReceivedEvents().each((message) -> {
			publishing.countDown();
			awaitQuietly(release);
		});
		ReceivedEvents survivor = new ReceivedEvents();
		// A lease far longer than the test's waits: only the dropped connection can free the rows in time.
		ApplicationContextRunner dying = purchases(stuck).withPropertyValues("awty.instance-id=dying",
				"awty.claim.mode=skip-locked", "awty.claim.lease=5m");
		ApplicationContextRunner next = purchases(survivor).withPropertyValues("awty.instance-id=next",
				"awty.claim.mode=skip-locked", "awty.claim.lease=5m");
		dying.run((first) -> {
			first.getBean(EventScheduler.class).scheduleAll(purchases(20), this.database.databaseNow().minusSeconds(1));
			try {
				assertThat(publishing.await(10, TimeUnit.SECONDS)).as("the batch is being published").isTrue();
				next.run((second) -> {
					await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2))
						.until(() -> survivor.count() == 0);
					// As kill -9 would: the instance's connections are closed under its open transaction.
					first.getBean(DataSource.class).unwrap(HikariDataSource.class).close();
					await().atMost(Duration.ofSeconds(20)).until(() -> count(
							"SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = 'DELIVERED'") == 20);
					assertThat(survivor.distinctEventIds()).isEqualTo(20);
				});
			}
			finally {
				release.countDown();
			}
		});
	}

	private static List<TestPurchase> purchases(int count) {
		List<TestPurchase> purchases = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			purchases.add(new TestPurchase(i));
		}
		return purchases;
	}

	private int count(String sql) {
		Integer count = this.jdbc.queryForObject(sql, Integer.class);
		return (count != null) ? count : 0;
	}

	private static void awaitQuietly(CountDownLatch latch) {
		try {
			latch.await(30, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
