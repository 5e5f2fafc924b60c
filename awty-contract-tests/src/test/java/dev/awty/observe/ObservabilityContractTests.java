package dev.awty.observe;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.awty.EventScheduler;
import dev.awty.autoconfigure.observability.AwtyEndpoint;
import dev.awty.autoconfigure.observability.AwtyObservabilityAutoConfiguration;
import dev.awty.internal.observe.TypeOverviews.BacklogFigures;
import dev.awty.internal.observe.TypeOverviews.TypeOverview;
import dev.awty.internal.recurring.source.RecurringSource;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.recurring.ScheduleDefinition;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.context.RecurringConsumerConfiguration;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What an operator sees of the pollers (meters, health, the actuator endpoint), written once and run on
 * every supported database by {@link OnEveryDatabase}.
 */
@OnEveryDatabase
class ObservabilityContractTests extends DatabaseContractTests {

	private static final String TYPE = "test_purchase";

	ObservabilityContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@BeforeEach
	void createScheduledTable() {
		this.database.execute(TestPurchase.TABLE_DDL);
	}

	private ApplicationContextRunner purchases(ReceivedEvents received) {
		return AwtyContexts.purchases(this.database, received)
			.withConfiguration(AutoConfigurations.of(AwtyObservabilityAutoConfiguration.class))
			.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
			.withPropertyValues("awty.poller.poll-interval=100ms", "awty.metrics.refresh=200ms",
					"management.endpoints.web.exposure.include=awty");
	}

	@Test
	void healthIsDownNamingTheTypeWhoseOldestOverdueRowWaitsLongerThanMaxOverdueAndUpOnceItIsDelivered() {
		ReceivedEvents received = new ReceivedEvents();
		purchases(received).withPropertyValues("awty.health.max-overdue=1m").run((context) -> {
			HealthIndicator health = context.getBean("awtyHealthIndicator", HealthIndicator.class);
			await().atMost(Duration.ofSeconds(5)).until(() -> health.health().getStatus().equals(Status.UP));

			// A row held by an instance that died: nobody may claim it until its lease runs out.
			this.jdbc.update("INSERT INTO scheduled_test_purchase (purchase_id, due_at, claimed_by, claimed_until)"
					+ " VALUES (1, ?, 'dead-instance#1', ?)", at(databaseNow().minus(Duration.ofMinutes(3))),
					at(databaseNow().plus(Duration.ofHours(1))));

			await().atMost(Duration.ofSeconds(5)).until(() -> health.health().getStatus().equals(Status.DOWN));
			Health down = health.health();
			assertThat(down.getDetails()).containsEntry("behind", List.of(TYPE)).containsEntry("maxOverdue", "PT1M");
			assertThat((Map<String, Object>) down.getDetails().get("types")).containsKey(TYPE);

			this.jdbc.update("UPDATE scheduled_test_purchase SET claimed_by = NULL, claimed_until = NULL");
			await().atMost(Duration.ofSeconds(5)).until(() -> received.count() == 1);
			await().atMost(Duration.ofSeconds(5)).until(() -> health.health().getStatus().equals(Status.UP));
		});
	}

	@Test
	void aBacklogThatCannotBeReadShowsInHealthWithoutTheDatabasesTextWhichGoesToTheLog() {
		purchases(new ReceivedEvents()).run((context) -> {
			HealthIndicator health = context.getBean("awtyHealthIndicator", HealthIndicator.class);
			await().atMost(Duration.ofSeconds(5)).until(() -> health.health().getStatus().equals(Status.UP));

			this.jdbc.execute("ALTER TABLE scheduled_test_purchase RENAME TO scheduled_test_purchase_gone");

			await().atMost(Duration.ofSeconds(5)).until(() -> health.health().getDetails().containsKey("lastReadError"));
			assertThat(String.valueOf(health.health().getDetails().get("lastReadError")))
				.as("health shows no SQL and no table name").doesNotContainIgnoringCase("scheduled_test_purchase")
				.doesNotContainIgnoringCase("select")
				.contains("the server log has the database's message");
		});
	}

	@Test
	void healthMaxOverdueDefaultsToTheLongestClaimLeasePlusTenMinutesSoThatPickingUpACrashedInstancesRowsIsUp() {
		purchases(new ReceivedEvents()).withPropertyValues("awty.claim.lease=1m", "awty.types.test_purchase.claim.lease=3m")
			.run((context) -> {
				HealthIndicator health = context.getBean("awtyHealthIndicator", HealthIndicator.class);
				await().atMost(Duration.ofSeconds(5)).until(() -> health.health().getStatus().equals(Status.UP));
				assertThat(health.health().getDetails()).containsEntry("maxOverdue", "PT13M");
			});
	}

	@Test
	void metersCountDeliveredRowsAndTheirLagAndGaugesShowPendingAndOverdueRows() {
		ReceivedEvents received = new ReceivedEvents();
		purchases(received).run((context) -> {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			EventScheduler scheduler = context.getBean(EventScheduler.class);
			for (int i = 0; i < 5; i++) {
				scheduler.schedule(new TestPurchase(i), databaseNow().minusSeconds(2));
			}
			scheduler.schedule(new TestPurchase(99), databaseNow().plus(Duration.ofDays(1)));
			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 5);
			// the consumer sees a message before its batch is marked and counted
			await().atMost(Duration.ofSeconds(5))
				.until(() -> registry.get("awty.delivered").tag("type", TYPE).counter().count() == 5);
			Timer lag = registry.get("awty.delivery.lag").tag("type", TYPE).timer();
			assertThat(lag.count()).isEqualTo(5);
			assertThat(lag.max(java.util.concurrent.TimeUnit.MILLISECONDS)).isGreaterThanOrEqualTo(2000);
			assertThat(registry.get("awty.poll.duration").tag("type", TYPE).timer().count()).isPositive();
			assertThat(registry.get("awty.claim.size").tag("type", TYPE).summary().totalAmount()).isEqualTo(5);
			await().atMost(Duration.ofSeconds(5))
				.until(() -> registry.get("awty.pending").tag("type", TYPE).gauge().value() == 1);
			assertThat(registry.get("awty.overdue").tag("type", TYPE).gauge().value()).isZero();

			// The endpoint's figures may be up to BacklogMonitor.MAX_AGE old.
			await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
				TypeOverview overview = context.getBean(AwtyEndpoint.class).type(TYPE);
				assertThat(overview.table()).isEqualTo("scheduled_test_purchase");
				assertThat(overview.claimMode()).isEqualTo("leader");
				assertThat(overview.backlog()).extracting(BacklogFigures::pending, BacklogFigures::overdue,
						BacklogFigures::failed, BacklogFigures::deliveredLastHour)
					.containsExactly(1L, 0L, 0L, 5L);
				assertThat(overview.publishedLastHourByThisInstance()).isEqualTo(5L);
				assertThat(overview.lagP99Millis()).isGreaterThanOrEqualTo(2000);
			});
		});
	}

	@Test
	void failedAttemptsCountAsRetriedThenFailedAndTheEndpointsRetryDeliversFailedRows() {
		ReceivedEvents received = new ReceivedEvents().failFirst(2);
		purchases(received)
			.withPropertyValues("awty.retry.max-attempts=2", "awty.retry.initial-backoff=100ms", "awty.retry.jitter=0")
			.run((context) -> {
				MeterRegistry registry = context.getBean(MeterRegistry.class);
				long id = context.getBean(EventScheduler.class).schedule(new TestPurchase(1), databaseNow());
				await().atMost(Duration.ofSeconds(10))
					.until(() -> registry.get("awty.failed").tag("type", TYPE).counter().count() == 1);
				assertThat(registry.get("awty.retried").tag("type", TYPE).counter().count()).isEqualTo(1);
				assertThat(status(id)).isEqualTo("FAILED");
				AwtyEndpoint endpoint = context.getBean(AwtyEndpoint.class);
				await().atMost(Duration.ofSeconds(5))
					.untilAsserted(() -> assertThat(endpoint.type(TYPE).backlog().failed()).isEqualTo(1L));

				assertThat(endpoint.act(TYPE, "retry")).isEqualTo(new AwtyEndpoint.Retried(TYPE, "retry", 1));

				await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 1);
				await().atMost(Duration.ofSeconds(5)).until(() -> "DELIVERED".equals(status(id)));
				assertThat(endpoint.act("no_such_type", "retry")).isNull();
			});
	}

	@Test
	void theRecurringSchedulesAreShownLikeATypeInTheEndpointMetersAndHealthWithTheirFailingScheduleOverdue() {
		ReceivedEvents received = new ReceivedEvents();
		purchases(received).withUserConfiguration(RecurringConsumerConfiguration.class)
			.withPropertyValues("awty.health.max-overdue=1m", "awty.recurring.poll-interval=100ms")
			.run((context) -> {
				context.getBean(RecurringSchedules.class).create(ScheduleDefinition.of("once", "@at 2020-01-01T00:00:00Z"));
				// A schedule whose publishing failed twice, overdue by 3 minutes and waiting for its backoff.
				this.jdbc.update("INSERT INTO awty_schedule (id, expression, time_zone, misfire_policy, enabled, version,"
						+ " next_fire_at, attempts, last_error, claimed_until, created_at, updated_at) VALUES ('failing',"
						+ " '@every 1h', 'UTC', 'FIRE_ONCE', TRUE, 1, ?, 2, 'broker down', ?, ?, ?)",
						at(databaseNow().minus(Duration.ofMinutes(3))), at(databaseNow().plus(Duration.ofHours(1))),
						at(databaseNow()), at(databaseNow()));
				await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 1);
				MeterRegistry registry = context.getBean(MeterRegistry.class);
				AwtyEndpoint endpoint = context.getBean(AwtyEndpoint.class);

				await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
					TypeOverview overview = endpoint.type(RecurringSource.NAME);
					assertThat(overview.table()).isEqualTo("awty_schedule");
					assertThat(overview.claimMode()).isEqualTo("leader");
					assertThat(overview.backlog()).extracting(BacklogFigures::pending, BacklogFigures::overdue,
							BacklogFigures::failed, BacklogFigures::deliveredLastHour)
						.containsExactly(1L, 1L, 1L, null);
					assertThat(overview.publishedLastHourByThisInstance()).isEqualTo(1L);
					assertThat(overview.backlog().oldestOverdueSeconds()).isGreaterThanOrEqualTo(180);
				});
				assertThat(endpoint.types().types()).containsKeys(TYPE, RecurringSource.NAME);
				assertThat(endpoint.act(RecurringSource.NAME, "retry")).as("no rows of a type to retry").isNull();
				assertThat(registry.get("awty.delivered").tag("type", RecurringSource.NAME).counter().count()).isEqualTo(1);
				await().atMost(Duration.ofSeconds(5))
					.until(() -> registry.get("awty.overdue").tag("type", RecurringSource.NAME).gauge().value() == 1);
				HealthIndicator health = context.getBean("awtyHealthIndicator", HealthIndicator.class);
				assertThat(health.health().getStatus()).isEqualTo(Status.DOWN);
				assertThat(health.health().getDetails()).containsEntry("behind", List.of(RecurringSource.NAME));
			});
	}

	private String status(long id) {
		return this.jdbc.queryForObject("SELECT status FROM scheduled_test_purchase WHERE id = ?", String.class, id);
	}

	private Instant databaseNow() {
		return this.database.databaseNow();
	}

	private Object at(Instant instant) {
		return this.database.timestamp(instant);
	}

}
