package dev.awty.test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;

import dev.awty.EventScheduler;
import dev.awty.recurring.RecurringHeaders;
import dev.awty.recurring.RecurringSchedule;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.recurring.ScheduleDefinition;
import dev.awty.spi.SqlDialect;
import dev.awty.testing.context.PurchaseConsumerConfiguration;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.context.RecurringConsumerConfiguration;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

/**
 * The movable clock in a real {@code @SpringBootTest} on every database: rows and recurring occurrences due days
 * ahead are delivered through awty's pollers and channel once the clock is advanced past them, and not before; the
 * application's {@link Clock} and the database "now" awty compares with move together. The tests of a class share one
 * context and so one clock, which only moves forward: each test counts from the clock's current "now".
 */
@SpringBootTest(classes = AwtyTestClockContractTests.TestApplication.class)
@AutoConfigureAwtyTestClock
abstract class AwtyTestClockContractTests {

	/** Longer than a poll interval (1 s) and a wake-up: what a poller would have delivered by then, it has. */
	private static final Duration A_FEW_POLLS = Duration.ofMillis(2500);

	@Autowired
	AwtyTestClock time;

	@Autowired
	Clock clock;

	@Autowired
	EventScheduler scheduler;

	@Autowired
	RecurringSchedules schedules;

	@Autowired
	ReceivedEvents received;

	@Autowired
	SqlDialect dialect;

	@Autowired
	JdbcClient jdbc;

	/** The database for a subclass's context: created with the test's table, its properties registered. */
	static void useDatabase(DynamicPropertyRegistry registry, Supplier<TestDatabase> databases) {
		TestDatabase database = databases.get();
		database.execute(TestPurchase.TABLE_DDL);
		registry.add("spring.datasource.url", database::url);
		registry.add("spring.datasource.username", database::username);
		registry.add("spring.datasource.password", database::password);
		registry.add("spring.datasource.hikari.auto-commit", () -> database.name().equals("H2"));
	}

	@AfterEach
	void deliverTheRest() {
		this.time.awaitDelivered();
	}

	@Test
	void rowDueInThreeDaysIsDeliveredAfterAdvancingThreeDaysAndNotBefore() throws InterruptedException {
		long purchase = System.nanoTime();
		long id = this.scheduler.schedule(new TestPurchase(purchase), this.clock.instant().plus(Duration.ofDays(3)));

		this.time.advance(Duration.ofDays(2));
		Thread.sleep(A_FEW_POLLS.toMillis());
		this.time.awaitDelivered();
		assertThat(receivedPurchases()).doesNotContain(purchase);
		assertThat(status(id)).isEqualTo("PENDING");

		this.time.advanceAndDeliver(Duration.ofDays(1));

		assertThat(receivedPurchases()).containsOnlyOnce(purchase);
		assertThat(status(id)).isEqualTo("DELIVERED");
	}

	@Test
	void dailyRecurringScheduleFiresOnceTheClockPassesItsNextOccurrence() throws InterruptedException {
		String id = "daily-" + System.nanoTime();
		RecurringSchedule daily = this.schedules.create(ScheduleDefinition.of(id, "@daily"));
		Instant next = daily.nextFireAt();
		assertThat(next).isAfter(this.time.now()).isBefore(this.time.now().plus(Duration.ofDays(1)));
		Thread.sleep(A_FEW_POLLS.toMillis());
		assertThat(occurrencesOf(id)).isEmpty();

		this.time.advanceAndDeliver(Duration.ofDays(1));

		assertThat(occurrencesOf(id)).hasSize(1);
		RecurringSchedule fired = this.schedules.get(id).orElseThrow();
		assertThat(fired.lastFiredAt()).isEqualTo(next);
		assertThat(fired.nextFireAt()).isEqualTo(next.plus(Duration.ofDays(1))).isAfter(this.time.now());
	}

	@Test
	void applicationClockAndDatabaseNowMoveTogether() {
		Instant clockBefore = this.clock.instant();
		Instant databaseBefore = databaseNow();
		Duration offsetBefore = this.time.offset();

		this.time.advance(Duration.ofHours(5));

		Instant clockAfter = this.clock.instant();
		Instant databaseAfter = databaseNow();
		assertThat(this.time.offset()).isEqualTo(offsetBefore.plusHours(5));
		assertThat(Duration.between(clockBefore, clockAfter)).isBetween(Duration.ofHours(5),
				Duration.ofHours(5).plusSeconds(10));
		assertThat(Duration.between(databaseBefore, databaseAfter)).isBetween(Duration.ofHours(5),
				Duration.ofHours(5).plusSeconds(10));
		assertThat(databaseAfter).isCloseTo(clockAfter, within(Duration.ofSeconds(5)));
		assertThat(this.time.now()).isCloseTo(clockAfter, within(Duration.ofSeconds(5)));
		assertThat(this.clock).isSameAs(this.time.clock());
	}

	@Test
	void advancingBackwardsFailsNamingWhyAndLeavesTheClockAlone() {
		Duration offset = this.time.offset();

		assertThatIllegalArgumentException().isThrownBy(() -> this.time.advance(Duration.ofHours(-1)))
			.withMessageContaining("advance(PT-1H) would move awty's test clock back: it only moves forward");
		assertThatIllegalArgumentException().isThrownBy(() -> this.time.advance(null))
			.withMessageContaining("advance(null)");
		assertThatIllegalArgumentException().isThrownBy(() -> this.time.awaitDelivered(Duration.ZERO))
			.withMessageContaining("give a positive timeout");
		assertThat(this.time.offset()).isEqualTo(offset);
	}

	@Test
	void awaitDeliveredNamesWhatIsStillDueWhenItTimesOut() {
		long purchase = System.nanoTime();
		this.received.each((message) -> sleep(Duration.ofSeconds(3)));
		try {
			this.scheduler.schedule(new TestPurchase(purchase), this.clock.instant().plus(Duration.ofHours(1)));
			this.time.advance(Duration.ofHours(1));

			assertThatExceptionOfType(AssertionError.class)
				.isThrownBy(() -> this.time.awaitDelivered(Duration.ofMillis(300)))
				.withMessageContaining("still due at")
				.withMessageContaining("1 PENDING row(s) of type 'test_purchase' due since");
		}
		finally {
			this.received.each((message) -> {
			});
		}
	}

	private List<Long> receivedPurchases() {
		return this.received.all()
			.stream()
			.filter((received) -> received.message().getPayload() instanceof TestPurchase)
			.map((received) -> ((TestPurchase) received.message().getPayload()).getPurchaseId())
			.toList();
	}

	private List<Object> occurrencesOf(String scheduleId) {
		return this.received.all()
			.stream()
			.filter((received) -> scheduleId.equals(received.message().getHeaders().get(RecurringHeaders.SCHEDULE_ID)))
			.map((received) -> (Object) received.message())
			.toList();
	}

	private String status(long id) {
		return this.jdbc.sql("SELECT status FROM scheduled_test_purchase WHERE id = :id")
			.param("id", id)
			.query(String.class)
			.single();
	}

	/** The "now" awty compares due times with: the database's clock through awty's dialect. */
	private Instant databaseNow() {
		return this.jdbc.sql(this.dialect.withDatabaseNow("SELECT CURRENT_TIMESTAMP AS now_at"))
			.query((rs, row) -> this.dialect.readTimestamp(rs, "now_at"))
			.single();
	}

	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import({ PurchaseConsumerConfiguration.class, RecurringConsumerConfiguration.class })
	static class TestApplication {

		@Bean
		ReceivedEvents receivedEvents() {
			return new ReceivedEvents();
		}

		@Bean
		JdbcClient testJdbcClient(javax.sql.DataSource dataSource) {
			return JdbcClient.create(dataSource);
		}

	}

}
