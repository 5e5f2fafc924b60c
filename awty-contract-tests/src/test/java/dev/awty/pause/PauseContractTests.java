package dev.awty.pause;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.awty.TypePauses;
import dev.awty.autoconfigure.observability.AwtyEndpoint;
import dev.awty.autoconfigure.observability.AwtyObservabilityAutoConfiguration;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * An operator's pause of an event type, on two instances claiming in skip-locked mode: paused on one, the other
 * stops claiming within one poll interval, an instance started meanwhile stays paused, and resuming delivers the
 * overdue rows in due order. Written once and run on every database by {@link OnEveryDatabase}.
 */
@OnEveryDatabase
class PauseContractTests extends DatabaseContractTests {

	private static final String TYPE = "test_purchase";

	private static final Duration POLL_INTERVAL = Duration.ofMillis(200);

	PauseContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@BeforeEach
	void createScheduledTable() {
		this.database.execute(TestPurchase.TABLE_DDL);
	}

	private ApplicationContextRunner instance(String id, ReceivedEvents received) {
		return AwtyContexts.purchases(this.database, received)
			.withConfiguration(AutoConfigurations.of(AwtyObservabilityAutoConfiguration.class))
			.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
			// One worker: a batch is published in the order it was claimed, which is due order.
			.withPropertyValues("awty.instance-id=" + id, "awty.claim.mode=skip-locked", "awty.poller.concurrency=1",
					"awty.poller.poll-interval=" + POLL_INTERVAL.toMillis() + "ms", "awty.metrics.refresh=200ms",
					"management.endpoints.web.exposure.include=awty");
	}

	@Test
	void aTypePausedOnOneInstanceIsNotClaimedByTheOtherNorByOneStartedLaterAndResumingDeliversItsOverdueRowsInDueOrder() {
		ReceivedEvents received = new ReceivedEvents();
		instance("first", received).run((first) -> {
			instance("second", received).run((second) -> {
				insertRow(1, this.database.databaseNow());
				await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 1);

				assertThat(first.getBean(TypePauses.class).pause(TYPE)).isTrue();
				assertThat(second.getBean(TypePauses.class).pause(TYPE)).as("paused already").isFalse();
				// Within one poll interval every instance has seen the pause; a cycle running then may end its claim.
				Thread.sleep(POLL_INTERVAL.plusMillis(100).toMillis());
				Instant now = this.database.databaseNow();
				for (int i = 5; i >= 2; i--) {
					insertRow(i, now.minusSeconds(60L * i));
				}
				Thread.sleep(POLL_INTERVAL.multipliedBy(5).toMillis());
				assertThat(received.count()).as("rows delivered while paused").isEqualTo(1);
				assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM scheduled_test_purchase"
						+ " WHERE status = 'PENDING' AND claimed_by IS NULL", Integer.class)).isEqualTo(4);

				HealthIndicator health = second.getBean("awtyHealthIndicator", HealthIndicator.class);
				await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
					Health shown = health.health();
					assertThat(shown.getStatus()).isEqualTo(Status.UP);
					assertThat(shown.getDetails()).containsEntry("paused", List.of(TYPE));
				});
				assertThat(second.getBean(MeterRegistry.class).get("awty.paused").tag("type", TYPE).gauge().value())
					.isEqualTo(1);
				await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(
						second.getBean(AwtyEndpoint.class).type(TYPE)).satisfies((overview) -> {
							assertThat(overview.paused()).isTrue();
							assertThat(overview.backlog().overdue()).isEqualTo(4L);
						}));
			});

			instance("restarted", received).run((restarted) -> {
				assertThat(restarted).hasNotFailed();
				Thread.sleep(POLL_INTERVAL.multipliedBy(5).toMillis());
				assertThat(received.count()).as("rows delivered by an instance started while paused").isEqualTo(1);
				assertThat(restarted.getBean(TypePauses.class).paused()).containsOnlyKeys(TYPE);

				Object resumed = restarted.getBean(AwtyEndpoint.class).act(TYPE, "resume");
				assertThat(resumed).isEqualTo(new AwtyEndpoint.Changed(TYPE, "resume", true));
				await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 5);
				assertThat(received.all().subList(1, 5)).extracting(
						(event) -> ((TestPurchase) event.message().getPayload()).getPurchaseId())
					.containsExactly(5L, 4L, 3L, 2L);
				assertThat(restarted.getBean(MeterRegistry.class).get("awty.paused").tag("type", TYPE).gauge().value())
					.isZero();
			});
		});
	}

	@Test
	void pausingAnUnknownTypeIsRefusedNamingTheEventTypes() {
		instance("only", new ReceivedEvents()).run((context) -> {
			assertThatIllegalArgumentException().isThrownBy(() -> context.getBean(TypePauses.class).pause("purchases"))
				.withMessage("'purchases' is not an event type; pass one of [test_purchase], the names used in"
						+ " awty.types.<name>");
			assertThat(context.getBean(TypePauses.class).paused()).isEmpty();
		});
	}

	private void insertRow(long purchaseId, Instant dueAt) {
		this.jdbc.update("INSERT INTO scheduled_test_purchase (purchase_id, due_at) VALUES (?, ?)", purchaseId,
				this.database.timestamp(dueAt));
	}

}
