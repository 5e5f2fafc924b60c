package dev.awty.recurring;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;

import dev.awty.AwtyHeaders;
import dev.awty.ClaimMode;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ContractMatrix;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.ReceivedEvents.Received;
import dev.awty.testing.context.RecurringConsumerConfiguration;
import dev.awty.testing.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Recurring schedules end to end, written once and run on every supported database from its matrix below.
 */
@ParameterizedClass
@MethodSource("matrix")
class RecurringContractTests extends DatabaseContractTests {

	private final ClaimMode mode;

	/** Where this contract runs: each set is one run of every test below. */
	static Stream<Arguments> matrix() {
		return Stream.of(ContractMatrix.h2(ClaimMode.LEADER),
				ContractMatrix.postgres(ClaimMode.LEADER),
				ContractMatrix.postgres(ClaimMode.SKIP_LOCKED),
				ContractMatrix.mariadb(ClaimMode.LEADER),
				ContractMatrix.mariadb(ClaimMode.SKIP_LOCKED));
	}

	RecurringContractTests(Supplier<TestDatabase> databases, ClaimMode mode) {
		super(databases);
		this.mode = mode;
	}

	private ApplicationContextRunner application(ReceivedEvents received) {
		return AwtyContexts.consuming(RecurringConsumerConfiguration.class, this.database, received)
			.withPropertyValues("awty.claim.mode=" + this.mode, "awty.recurring.poll-interval=200ms",
					"awty.retry.initial-backoff=200ms");
	}

	@Test
	void everyScheduleIsPublishedWithOccurrenceIdsAndHeadersOnAGridThatDoesNotDrift() {
		ReceivedEvents received = new ReceivedEvents().clock(this::databaseNow);
		application(received).run((context) -> {
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
			RecurringSchedule created = schedules.create(ScheduleDefinition.of("tick", "@every 1s").withPayload("{\"n\":1}"));
			assertThat(created.version()).isEqualTo(1);
			assertThat(created.nextFireAt()).isAfter(created.createdAt());

			await().atMost(Duration.ofSeconds(15)).until(() -> received.count() >= 4);

			List<Received> all = received.all();
			Instant first = generatedAt(all.get(0));
			assertThat(first).isEqualTo(created.nextFireAt());
			for (int i = 0; i < 4; i++) {
				Received occurrence = all.get(i);
				Instant generatedAt = generatedAt(occurrence);
				assertThat(generatedAt).isEqualTo(first.plusSeconds(i));
				assertThat(occurrence.receivedAt()).isAfterOrEqualTo(generatedAt);
				assertThat(occurrence.message().getPayload()).isEqualTo("{\"n\":1}");
				assertThat(occurrence.message().getHeaders())
					.containsEntry(AwtyHeaders.EVENT_ID, "recurring:tick-" + generatedAt.getEpochSecond())
					.containsEntry(RecurringHeaders.SCHEDULE_ID, "tick")
					.containsEntry(RecurringHeaders.SCHEDULE_VERSION, 1L)
					.containsEntry(AwtyHeaders.TYPE, RecurringHeaders.TYPE_VALUE);
			}
			assertThat(received.duplicates()).isZero();
			// The consumer sees an occurrence before the statement that marks it commits.
			await().atMost(Duration.ofSeconds(5)).until(() -> !schedules.get("tick").orElseThrow().lastFiredAt()
				.isBefore(first.plusSeconds(3)));
			RecurringSchedule stored = schedules.get("tick").orElseThrow();
			assertThat(stored.nextFireAt()).isEqualTo(stored.lastFiredAt().plusSeconds(1));
		});
	}

	@Test
	void cronScheduleFiresAtEveryMatchingSecondInItsTimeZoneAndFiveFieldCronWaitsForTheMinute() {
		ReceivedEvents received = new ReceivedEvents();
		application(received).run((context) -> {
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
			schedules.create(ScheduleDefinition.of("berlin-seconds", "*/1 * * * * *").withTimeZone("Europe/Berlin"));
			RecurringSchedule minutely = schedules.create(ScheduleDefinition.of("minutely", "* * * * *"));
			RecurringSchedule daily = schedules
				.create(ScheduleDefinition.of("daily-berlin", "@daily").withTimeZone("Europe/Berlin"));

			await().atMost(Duration.ofSeconds(15)).until(() -> firedOf(received, "berlin-seconds").size() >= 3);

			List<Instant> fired = firedOf(received, "berlin-seconds");
			assertThat(fired).allSatisfy((instant) -> assertThat(instant.getNano()).isZero());
			assertThat(fired.get(1)).isEqualTo(fired.get(0).plusSeconds(1));
			assertThat(fired.get(2)).isEqualTo(fired.get(0).plusSeconds(2));
			assertThat(minutely.nextFireAt().getEpochSecond() % 60).isZero();
			assertThat(minutely.nextFireAt()).isBefore(minutely.createdAt().plusSeconds(61));
			assertThat(daily.nextFireAt().atZone(java.time.ZoneId.of("Europe/Berlin")).toLocalTime())
				.isEqualTo(java.time.LocalTime.MIDNIGHT);
		});
	}

	@Test
	void catchingUpAcrossBothDaylightSavingTransitionsOfBerlinPublishesTheInstantsCronExpressionDefines() {
		ReceivedEvents received = new ReceivedEvents();
		application(received).withPropertyValues("awty.recurring.max-catch-up=300").run((context) -> {
			DeliveryPollers poller = context.getBean(DeliveryPollers.class);
			poller.stop();
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
			schedules.create(ScheduleDefinition.of("berlin-0230", "30 2 * * *")
				.withTimeZone("Europe/Berlin")
				.withMisfirePolicy(MisfirePolicy.FIRE_ALL));
			// As if the service had been down since the Friday before the spring-forward day of 2026.
			this.jdbc.update("UPDATE awty_schedule SET next_fire_at = ? WHERE id = 'berlin-0230'",
					this.database.timestamp(Instant.parse("2026-03-27T01:30:00Z")));
			poller.start();

			await().atMost(Duration.ofSeconds(20))
				.until(() -> firedOf(received, "berlin-0230").contains(Instant.parse("2026-10-26T01:30:00Z")));

			List<Instant> fired = firedOf(received, "berlin-0230");
			assertThat(fired).startsWith(Instant.parse("2026-03-27T01:30:00Z"), Instant.parse("2026-03-28T01:30:00Z"),
					Instant.parse("2026-03-30T00:30:00Z"));
			assertThat(fired).filteredOn((instant) -> instant.toString().startsWith("2026-03-29")).isEmpty();
			assertThat(fired).containsSubsequence(Instant.parse("2026-10-24T00:30:00Z"),
					Instant.parse("2026-10-25T00:30:00Z"), Instant.parse("2026-10-25T01:30:00Z"),
					Instant.parse("2026-10-26T01:30:00Z"));
			assertThat(received.duplicates()).isZero();
		});
	}

	@Test
	void atScheduleFiresOnceAndCompletesAndAnAtInThePastFiresImmediately() {
		ReceivedEvents received = new ReceivedEvents();
		application(received).run((context) -> {
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
			Instant soon = databaseNow().plusSeconds(1).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
			schedules.create(ScheduleDefinition.of("once", "@at " + soon));
			schedules.create(ScheduleDefinition.of("overdue", "@at 2020-01-01T00:00:00Z"));

			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() >= 2);
			// each @at fires once: nothing more arrives
			await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(3)).until(() -> received.count() == 2);

			assertThat(received.all()).extracting(Received::eventId)
				.containsExactlyInAnyOrder("recurring:once-" + soon.getEpochSecond(), "recurring:overdue-1577836800");
			assertThat(schedules.get("once").orElseThrow().completed()).isTrue();
			assertThat(schedules.get("overdue").orElseThrow().lastFiredAt()).isEqualTo("2020-01-01T00:00:00Z");
		});
	}

	@Test
	void updateBumpsTheVersionAndNoOccurrenceOfTheOlderVersionIsPublishedOnceItReturns() {
		ReceivedEvents received = new ReceivedEvents();
		application(received).run((context) -> {
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
			schedules.create(ScheduleDefinition.of("report", "@every 1s").withPayload("old"));
			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() >= 2);

			RecurringSchedule updated = schedules
				.update(schedules.get("report").orElseThrow().definition().withPayload("new").withExpression("@every 2s"));
			int beforeUpdate = received.count();
			assertThat(updated.version()).isEqualTo(2);

			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() >= beforeUpdate + 2);
			List<Received> after = received.all().subList(beforeUpdate, received.count());
			assertThat(after).allSatisfy((occurrence) -> {
				assertThat(occurrence.message().getHeaders()).containsEntry(RecurringHeaders.SCHEDULE_VERSION, 2L);
				assertThat(occurrence.message().getPayload()).isEqualTo("new");
			});
			assertThat(generatedAt(after.get(1))).isEqualTo(generatedAt(after.get(0)).plusSeconds(2));
			assertThat(received.duplicates()).isZero();
		});
	}

	@Test
	void deletedSchedulePublishesNothingFurther() {
		ReceivedEvents received = new ReceivedEvents();
		application(received).run((context) -> {
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
			schedules.create(ScheduleDefinition.of("doomed", "@every 1s"));
			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() >= 2);

			assertThat(schedules.delete("doomed")).isTrue();
			int afterDelete = received.count();
			await().during(Duration.ofMillis(2500)).atMost(Duration.ofSeconds(4))
				.until(() -> received.count() == afterDelete);
			assertThat(schedules.get("doomed")).isEmpty();
			assertThat(schedules.delete("doomed")).isFalse();
		});
	}

	@Test
	void pauseStopsOccurrencesAndResumeContinuesFromNowWithoutCatchingUp() {
		ReceivedEvents received = new ReceivedEvents();
		application(received).run((context) -> {
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
			schedules.create(ScheduleDefinition.of("pausable", "@every 1s").withMisfirePolicy(MisfirePolicy.FIRE_ALL));
			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() >= 1);

			assertThat(schedules.pause("pausable").enabled()).isFalse();
			int paused = received.count();
			await().during(Duration.ofMillis(2500)).atMost(Duration.ofSeconds(4)).until(() -> received.count() == paused);

			Instant resumedAt = databaseNow();
			RecurringSchedule resumed = schedules.resume("pausable");
			assertThat(resumed.version()).isEqualTo(3);
			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() >= paused + 1);
			assertThat(generatedAt(received.all().get(paused))).isAfter(resumedAt);
		});
	}

	@Test
	void misfirePoliciesAfterAnOutageOfTenOccurrences() {
		ReceivedEvents received = new ReceivedEvents();
		application(received).withPropertyValues("awty.recurring.max-catch-up=5").run((context) -> {
			DeliveryPollers poller = context.getBean(DeliveryPollers.class);
			poller.stop();
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
			createOutaged(schedules, "fire-once", MisfirePolicy.FIRE_ONCE, null);
			createOutaged(schedules, "fire-all", MisfirePolicy.FIRE_ALL, null);
			createOutaged(schedules, "skip", MisfirePolicy.SKIP, null);
			createOutaged(schedules, "skip-3s", MisfirePolicy.SKIP, Duration.ofSeconds(3));
			List<String> ids = List.of("fire-once", "fire-all", "skip", "skip-3s");
			List<Instant> missedFrom = new ArrayList<>();
			for (String id : ids) {
				Instant next = schedules.get(id).orElseThrow().nextFireAt();
				Instant moved = next.minusSeconds(10);
				this.jdbc.update("UPDATE awty_schedule SET next_fire_at = ? WHERE id = ?",
						this.database.timestamp(moved), id);
				missedFrom.add(moved);
			}
			Instant restart = databaseNow();
			poller.start();

			await().atMost(Duration.ofSeconds(15)).until(() -> ids.stream().allMatch((id) -> firedOf(received, id).size() >= 6
					|| (!id.equals("fire-all") && firedOf(received, id).size() >= 2)));

			List<Instant> fireOnce = firedOf(received, "fire-once");
			assertThat(fireOnce.get(0)).isEqualTo(missedFrom.get(0));
			assertThat(fireOnce.get(1)).isAfter(restart);

			List<Instant> fireAll = firedOf(received, "fire-all");
			Instant allFrom = missedFrom.get(1);
			assertThat(fireAll.subList(0, 5)).containsExactly(allFrom, allFrom.plusSeconds(1), allFrom.plusSeconds(2),
					allFrom.plusSeconds(3), allFrom.plusSeconds(4));
			assertThat(fireAll.get(5)).isAfter(restart);

			assertThat(firedOf(received, "skip")).allSatisfy((instant) -> assertThat(instant).isAfter(restart));

			List<Instant> skipWithDeadline = firedOf(received, "skip-3s");
			assertThat(skipWithDeadline.get(0)).isBefore(restart).isAfterOrEqualTo(restart.minusSeconds(4));
			assertThat(skipWithDeadline).doesNotContain(missedFrom.get(3));
			assertThat(received.duplicates()).isZero();
		});
	}

	@Test
	void twoInstancesPublishEachOccurrenceIdExactlyOnce() {
		ReceivedEvents received = new ReceivedEvents();
		ApplicationContextRunner runner = application(received);
		runner.withPropertyValues("awty.instance-id=instance-a").run((first) -> runner
			.withPropertyValues("awty.instance-id=instance-b").run((second) -> {
				List<ScheduleDefinition> definitions = new ArrayList<>();
				for (int i = 0; i < 300; i++) {
					definitions.add(ScheduleDefinition.of("pair-" + i, "@every 1s"));
				}
				assertThat(first.getBean(RecurringSchedules.class).createAll(definitions)).isEqualTo(300);

				await().atMost(Duration.ofSeconds(30)).until(() -> received.count() >= 300 * 4);
				first.getBean(DeliveryPollers.class).stop();
				second.getBean(DeliveryPollers.class).stop();

				assertThat(received.duplicates()).isZero();
				assertThat(received.distinctEventIds()).isEqualTo(received.count());
				for (int i = 0; i < 300; i++) {
					List<Instant> fired = firedOf(received, "pair-" + i);
					for (int k = 1; k < fired.size(); k++) {
						assertThat(fired.get(k)).isEqualTo(fired.get(k - 1).plusSeconds(1));
					}
				}
			}));
	}

	@Test
	void invalidDefinitionsAreRejectedNamingTheFieldAndNothingIsStored() {
		application(new ReceivedEvents()).withPropertyValues("awty.recurring.payload-limit=1KB").run((context) -> {
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
			assertRejected(schedules, ScheduleDefinition.of("bad-cron", "0 70 * * * *"), "expression",
					"the minute field '70'");
			assertRejected(schedules, ScheduleDefinition.of("zero", "@every 0s"), "expression", "at least 1 second");
			assertRejected(schedules, ScheduleDefinition.of("zone", "@daily").withTimeZone("Mars/Olympus"), "timeZone",
					"Unknown time zone 'Mars/Olympus'");
			assertRejected(schedules, ScheduleDefinition.of("big", "@daily").withPayload("x".repeat(1025)), "payload",
					"1025 bytes, over the limit of 1024 bytes");
			assertRejected(schedules, ScheduleDefinition.of("never", "0 0 0 30 2 *"), "expression", "never matches");
			// Ids in paths (/awty/schedules/{id}, the dashboard): one with a slash could never be fetched or deleted.
			assertRejected(schedules, ScheduleDefinition.of("reports/daily", "@daily"), "id",
					"Schedule id 'reports/daily' has characters other than letters, digits and . _ : @ -");
			assertThat(schedules.count("")).isZero();

			assertThatExceptionOfType(InvalidScheduleException.class)
				.isThrownBy(() -> schedules.createAll(List.of(ScheduleDefinition.of("ok-1", "@daily"),
						ScheduleDefinition.of("bad-2", "* * *"), ScheduleDefinition.of("ok-3", "@daily"))))
				.withMessageContaining("Schedule 'bad-2'");
			assertThat(schedules.count("")).isZero();

			schedules.create(ScheduleDefinition.of("taken", "@daily"));
			assertThatExceptionOfType(DuplicateScheduleException.class)
				.isThrownBy(() -> schedules.create(ScheduleDefinition.of("taken", "@hourly")))
				.withMessageContaining("'taken' exists already");
			assertThatExceptionOfType(DuplicateScheduleException.class)
				.isThrownBy(() -> schedules.createAll(List.of(ScheduleDefinition.of("fresh", "@daily"),
						ScheduleDefinition.of("taken", "@daily"))))
				.withMessageContaining("'taken'");
			assertThat(schedules.get("fresh")).isEmpty();
			assertThat(schedules.get("taken").orElseThrow().expression()).isEqualTo("@daily");
			assertThatExceptionOfType(ScheduleNotFoundException.class)
				.isThrownBy(() -> schedules.update(ScheduleDefinition.of("missing", "@daily")))
				.withMessageContaining("'missing'");
		});
	}

	private void createOutaged(RecurringSchedules schedules, String id, MisfirePolicy policy, Duration deadline) {
		ScheduleDefinition definition = ScheduleDefinition.of(id, "@every 1s").withMisfirePolicy(policy);
		schedules.create((deadline != null) ? definition.withDeadline(deadline) : definition);
	}

	private static void assertRejected(RecurringSchedules schedules, ScheduleDefinition definition, String field,
			String message) {
		assertThatExceptionOfType(InvalidScheduleException.class).isThrownBy(() -> schedules.create(definition))
			.satisfies((ex) -> assertThat(ex.field()).isEqualTo(field))
			.withMessageContaining(message);
	}

	private static List<Instant> firedOf(ReceivedEvents received, String scheduleId) {
		return received.all()
			.stream()
			.filter((r) -> scheduleId.equals(r.message().getHeaders().get(RecurringHeaders.SCHEDULE_ID)))
			.map(RecurringContractTests::generatedAt)
			.toList();
	}

	private static Instant generatedAt(Received received) {
		return (Instant) received.message().getHeaders().get(RecurringHeaders.GENERATED_AT);
	}

	@Test
	void anErrorThrownWhilePublishingIsAFailedAttemptAndThePollerGoesOn() {
		AtomicInteger calls = new AtomicInteger();
		ReceivedEvents received = new ReceivedEvents().each((message) -> {
			if (calls.incrementAndGet() <= 2) {
				throw new AssertionError("a bug in the consumer, call " + calls.get());
			}
		});
		application(received).run((context) -> {
			context.getBean(RecurringSchedules.class).create(ScheduleDefinition.of("tick", "@every 1s"));

			await().atMost(Duration.ofSeconds(15)).until(() -> received.count() >= 2);
			assertThat(context.getBean(DeliveryPollers.class).deadPollers()).isEmpty();
		});
	}

	@Test
	void createAllIsAtomicInAwtysOwnTransactionWhenThePrimaryTransactionManagerIsNotForThisDataSource() {
		application(new ReceivedEvents())
			.withBean("transactionManager", PlatformTransactionManager.class, OtherResourceTransactionManager::new)
			.run((context) -> {
				RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
				schedules.create(ScheduleDefinition.of("taken", "@daily"));
				List<ScheduleDefinition> batch = new ArrayList<>();
				// more than one insert statement's worth, the last one refused
				for (int i = 0; i < 600; i++) {
					batch.add(ScheduleDefinition.of("s-" + i, "@daily"));
				}
				batch.add(ScheduleDefinition.of("taken", "@daily"));

				assertThatExceptionOfType(DuplicateScheduleException.class).isThrownBy(() -> schedules.createAll(batch));
				assertThat(schedules.count("")).as("all or none").isEqualTo(1);
			});
	}

	/** A primary transaction manager of another resource (a message broker, JTA): it holds no JDBC connection. */
	static class OtherResourceTransactionManager extends AbstractPlatformTransactionManager {

		@Override
		protected Object doGetTransaction() {
			return new Object();
		}

		@Override
		protected void doBegin(Object transaction, TransactionDefinition definition) {
		}

		@Override
		protected void doCommit(DefaultTransactionStatus status) {
		}

		@Override
		protected void doRollback(DefaultTransactionStatus status) {
		}

	}

	private Instant databaseNow() {
		return this.database.databaseNow();
	}

}
