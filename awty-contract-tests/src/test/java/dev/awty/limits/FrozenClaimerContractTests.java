package dev.awty.limits;

import java.time.Duration;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ContractMatrix;
import dev.awty.testing.FreezingDataSource;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A limited type's claims take turns through one row of {@code awty_type_limit}: an instance that froze while holding
 * that row (a VM paused, a network split before COMMIT) must not stop the type on the other instances until the
 * database notices the dead session, hours later.
 */
@ParameterizedClass
@MethodSource("matrix")
class FrozenClaimerContractTests extends DatabaseContractTests {

	/** Where this contract runs: each set is one run of every test below. */
	static Stream<Arguments> matrix() {
		return Stream.of(ContractMatrix.postgres(),
				ContractMatrix.mariadb());
	}

	FrozenClaimerContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@Test
	void anInstanceFrozenWhileHoldingTheTypesTurnDoesNotStopTheOtherInstanceDelivering() {
		this.database.execute(TestPurchase.TABLE_DDL);
		ReceivedEvents received = new ReceivedEvents();
		ApplicationContextRunner instances = AwtyContexts.purchases(this.database, received)
			.withPropertyValues("awty.claim.mode=skip-locked", "awty.poller.poll-interval=100ms",
					"awty.types.test_purchase.limit.rate=1000");
		FreezingDataSource freezer = new FreezingDataSource("FROM awty_type_limit", "FOR UPDATE");
		instances.withPropertyValues("awty.instance-id=frozen")
			.withBean(FreezingDataSource.class, () -> freezer)
			.run((frozen) -> {
				try {
					assertThat(frozen).hasNotFailed();
					assertThat(freezer.awaitFrozen(Duration.ofSeconds(10))).as("froze holding the turn").isTrue();
					instances.withPropertyValues("awty.instance-id=alive").run((alive) -> {
						assertThat(alive).hasNotFailed();
						this.jdbc.batchUpdate("INSERT INTO scheduled_test_purchase (purchase_id, due_at) VALUES (?, "
								+ this.database.now() + ")", IntStream.range(0, 20).mapToObj((i) -> new Object[] { i }).toList());

						await().atMost(Duration.ofSeconds(10)).until(() -> received.count() >= 20);
						assertThat(received.duplicates()).isZero();
					});
				}
				finally {
					freezer.thaw();
				}
			});
	}

}
