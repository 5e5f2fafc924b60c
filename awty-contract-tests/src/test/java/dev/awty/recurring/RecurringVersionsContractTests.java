package dev.awty.recurring;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.awty.history.DeliveryHistory;
import dev.awty.history.DeliveryOutcome;
import dev.awty.history.DeliveryRecord;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.FreezingDataSource;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.ReceivedEvents.Received;
import dev.awty.testing.context.RecurringConsumerConfiguration;
import dev.awty.testing.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The versions a schedule's definition went through: listed newest first, written with the change that makes them and
 * deleted with the schedule; the version that produced each occurrence in its history entry; and a change racing the
 * occurrences of its schedule, which fire the old version or the new one, never both. Written once and run on every
 * database by {@link OnEveryDatabase}.
 */
@OnEveryDatabase
class RecurringVersionsContractTests extends DatabaseContractTests {

	RecurringVersionsContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	private ApplicationContextRunner application(ReceivedEvents received) {
		return AwtyContexts.consuming(RecurringConsumerConfiguration.class, this.database, received)
			.withPropertyValues("awty.recurring.poll-interval=200ms", "awty.retry.initial-backoff=200ms",
					"awty.recurring.allowed-channels=digests");
	}

	@Test
	void fireNowPublishesOneOccurrenceWithAnIdOfItsOwnAndTheCurrentVersionRecordedInHistoryEvenWhilePaused() {
		ReceivedEvents received = new ReceivedEvents();
		application(received).run((context) -> {
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
			schedules.create(ScheduleDefinition.of("digest", "@daily").withPayload("{\"v\":1}"));
			schedules.update(ScheduleDefinition.of("digest", "@daily").withPayload("{\"v\":2}"));
			RecurringSchedule paused = schedules.pause("digest");

			String eventId = schedules.fireNow("digest");

			assertThat(eventId).startsWith("recurring:digest-now-");
			assertThat(received.all()).singleElement().satisfies((occurrence) -> {
				assertThat(occurrence.eventId()).isEqualTo(eventId);
				assertThat(occurrence.message().getPayload()).isEqualTo("{\"v\":2}");
				assertThat(versionOf(occurrence)).isEqualTo(paused.version());
			});
			assertThat(delivered(context.getBean(DeliveryHistory.class), "digest")).singleElement()
				.satisfies((entry) -> {
					assertThat(entry.eventId()).isEqualTo(eventId);
					assertThat(entry.scheduleVersion()).isEqualTo(paused.version());
				});
			assertThat(schedules.get("digest")).hasValue(paused);
			assertThatExceptionOfType(ScheduleNotFoundException.class).isThrownBy(() -> schedules.fireNow("weekly"));
			assertThat(received.count()).isEqualTo(1);
		});
	}

	@Test
	void nextFireTimesAreTheComingOccurrencesInTheSchedulesTimeZoneAndNoneWhilePaused() {
		application(new ReceivedEvents()).run((context) -> {
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
			RecurringSchedule created = schedules
				.create(ScheduleDefinition.of("morning", "0 30 9 * * *").withTimeZone("Europe/Berlin"));
			List<Instant> times = schedules.nextFireTimes("morning", 3);
			assertThat(times).hasSize(3).first().isEqualTo(created.nextFireAt());
			assertThat(times).allSatisfy((time) -> assertThat(time.atZone(java.time.ZoneId.of("Europe/Berlin"))
				.toLocalTime()).isEqualTo(java.time.LocalTime.of(9, 30)));
			assertThat(times).isSorted().doesNotHaveDuplicates();
			assertThat(schedules.get("morning")).hasValueSatisfying(
					(unchanged) -> assertThat(unchanged.version()).isEqualTo(created.version()));

			schedules.create(ScheduleDefinition.of("once", "@at 2100-01-01T00:00:00Z"));
			assertThat(schedules.nextFireTimes("once", 5)).containsExactly(Instant.parse("2100-01-01T00:00:00Z"));
			schedules.pause("morning");
			assertThat(schedules.nextFireTimes("morning", 3)).isEmpty();
			assertThatExceptionOfType(ScheduleNotFoundException.class)
				.isThrownBy(() -> schedules.nextFireTimes("evening", 3));
			assertThatExceptionOfType(InvalidScheduleException.class)
				.isThrownBy(() -> schedules.nextFireTimes("morning", 101))
				.withMessageContaining("count must be between 1 and 100, was 101");
		});
	}

	@Test
	void versionsListEveryDefinitionNewestFirstWithTheDatabaseTimeOfTheChange() {
		application(new ReceivedEvents()).run((context) -> {
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
			Instant before = this.database.databaseNow();
			ScheduleDefinition created = ScheduleDefinition.of("report", "@daily")
				.withPayload("{\"v\":1}")
				.withDeadline(Duration.ofMinutes(5));
			schedules.create(created);
			ScheduleDefinition updated = created.withExpression("0 0 6 * * *")
				.withTimeZone("Europe/Berlin")
				.withPayload("{\"v\":2}")
				.withChannel("digests")
				.withMisfirePolicy(MisfirePolicy.FIRE_ALL)
				.withDeadline((Duration) null);
			schedules.update(updated);
			schedules.pause("report");
			RecurringSchedule resumed = schedules.resume("report");
			Instant after = this.database.databaseNow();

			List<ScheduleVersion> versions = schedules.versions("report");

			assertThat(versions).extracting(ScheduleVersion::version).containsExactly(4L, 3L, 2L, 1L);
			assertThat(versions).extracting(ScheduleVersion::definition)
				.containsExactly(updated, updated.withEnabled(false), updated, created);
			assertThat(versions).extracting(ScheduleVersion::changedAt)
				.allSatisfy((changedAt) -> assertThat(changedAt).isBetween(before, after))
				.isSortedAccordingTo((a, b) -> b.compareTo(a));
			assertThat(versions.get(0).changedAt()).isEqualTo(resumed.updatedAt());
			assertThat(versions.get(3).changedAt()).isEqualTo(resumed.createdAt());
		});
	}

	@Test
	void createAllKeepsNothingButTheRowsAChangeThatFailsKeepsNothingAndADeleteRemovesTheKeptVersions() {
		application(new ReceivedEvents()).run((context) -> {
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
			List<ScheduleDefinition> bulk = IntStream.range(0, 1200)
				.mapToObj((i) -> ScheduleDefinition.of("bulk-%04d".formatted(i), "@daily").withPayload("p" + i))
				.toList();
			assertThat(schedules.createAll(bulk)).isEqualTo(1200);
			// The current version is the schedule's row: creating writes no version row.
			assertThat(keptVersions()).isZero();
			assertThat(schedules.versions("bulk-0777")).singleElement().satisfies((version) -> {
				assertThat(version.version()).isEqualTo(1);
				assertThat(version.definition()).isEqualTo(bulk.get(777));
			});

			assertThatExceptionOfType(DuplicateScheduleException.class).isThrownBy(() -> schedules
				.createAll(List.of(ScheduleDefinition.of("fresh", "@daily"), ScheduleDefinition.of("bulk-0001", "@daily"))));
			assertThatExceptionOfType(InvalidScheduleException.class)
				.isThrownBy(() -> schedules.update(bulk.get(2).withExpression("@every never")));
			assertThatExceptionOfType(ScheduleNotFoundException.class)
				.isThrownBy(() -> schedules.update(ScheduleDefinition.of("fresh", "@hourly")));
			assertThat(keptVersions()).isZero();
			assertThat(schedules.versions("bulk-0002")).hasSize(1);

			schedules.update(bulk.get(3).withPayload("changed"));
			schedules.pause("bulk-0003");
			assertThat(keptVersions()).isEqualTo(2);
			assertThat(schedules.versions("bulk-0003")).extracting(ScheduleVersion::payload)
				.containsExactly("changed", "changed", "p3");
			assertThat(schedules.delete("bulk-0003")).isTrue();
			assertThat(keptVersions()).isZero();
			assertThatExceptionOfType(ScheduleNotFoundException.class).isThrownBy(() -> schedules.versions("bulk-0003"))
				.withMessage("No schedule with id 'bulk-0003'");
			// Created again under the same id, it starts over at version 1.
			schedules.create(bulk.get(3));
			schedules.resume("bulk-0003");
			assertThat(schedules.versions("bulk-0003")).extracting(ScheduleVersion::version).containsExactly(2L, 1L);
		});
	}

	@Test
	void versionsAreAskedForWithTheIdOfAnExistingSchedule() {
		application(new ReceivedEvents()).run((context) -> {
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
			assertThatExceptionOfType(InvalidScheduleException.class).isThrownBy(() -> schedules.versions(" "))
				.withMessage("A schedule id is required to list its versions")
				.satisfies((ex) -> assertThat(ex.field()).isEqualTo("id"));
			assertThatExceptionOfType(ScheduleNotFoundException.class).isThrownBy(() -> schedules.versions("nope"))
				.withMessage("No schedule with id 'nope'");
		});
	}

	@Test
	void everyOccurrencesHistoryEntryNamesTheVersionItWasPublishedWith() {
		ReceivedEvents received = new ReceivedEvents();
		application(received).run((context) -> {
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
			schedules.create(ScheduleDefinition.of("tick", "@every 1s").withPayload("v1"));
			await().atMost(Duration.ofSeconds(15)).until(() -> received.count() >= 2);
			schedules.update(schedules.get("tick").orElseThrow().definition().withPayload("v2"));
			await().atMost(Duration.ofSeconds(15))
				.until(() -> received.all().stream().filter((occurrence) -> versionOf(occurrence) == 2).count() >= 2);
			context.getBean(DeliveryPollers.class).stop();

			List<DeliveryRecord> delivered = delivered(context.getBean(DeliveryHistory.class), "tick");
			assertThat(delivered).extracting(DeliveryRecord::eventId)
				.containsExactlyInAnyOrderElementsOf(received.all().stream().map(Received::eventId).toList());
			Map<String, Long> published = received.all()
				.stream()
				.collect(Collectors.toMap(Received::eventId, RecurringVersionsContractTests::versionOf));
			assertThat(delivered).allSatisfy(
					(entry) -> assertThat(entry.scheduleVersion()).isEqualTo(published.get(entry.eventId())));
			assertThat(delivered).extracting(DeliveryRecord::scheduleVersion).contains(1L, 2L);
		});
	}

	@Test
	void aChangeThatReadTheScheduleBeforeItsNextOccurrenceWasPublishedDoesNotPublishThatOccurrenceAgain() throws Exception {
		ReceivedEvents received = new ReceivedEvents();
		// Holds the change right after it read the schedule, while the poller publishes the occurrence it read.
		FreezingDataSource freezer = FreezingDataSource.armedLater("SELECT * FROM awty_schedule WHERE id");
		application(received).withBean(FreezingDataSource.class, () -> freezer).run((context) -> {
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
			schedules.create(ScheduleDefinition.of("tick", "@every 1s").withPayload("v1"));
			await().atMost(Duration.ofSeconds(15)).until(() -> received.count() >= 1);
			freezer.arm();
			CompletableFuture<RecurringSchedule> change = CompletableFuture
				.supplyAsync(() -> schedules.update(ScheduleDefinition.of("tick", "@every 1s").withPayload("v2")));
			try {
				assertThat(freezer.awaitFrozen(Duration.ofSeconds(10))).as("the change read the schedule").isTrue();
				int readAt = received.count();
				await().atMost(Duration.ofSeconds(15)).until(() -> received.count() > readAt);
			}
			finally {
				freezer.thaw();
			}

			assertThat(change.get(15, TimeUnit.SECONDS).version()).isEqualTo(2);
			await().atMost(Duration.ofSeconds(15))
				.until(() -> received.all().stream().filter((occurrence) -> versionOf(occurrence) == 2).count() >= 2);
			context.getBean(DeliveryPollers.class).stop();
			assertThat(received.duplicates()).as("occurrence instants published more than once").isZero();
			assertThat(received.all()).extracting(Received::eventId).doesNotHaveDuplicates();
		});
	}

	@Test
	void aChangeRacingTheOccurrencesOfItsSchedulePublishesEachInstantOnceWithTheOldVersionOrTheNewNeverAMix() {
		// Slow publishing, so that changes often meet a claimed schedule and have to wait for it.
		ReceivedEvents received = new ReceivedEvents().each((message) -> sleep(150));
		application(received).run((context) -> {
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
			schedules.create(ScheduleDefinition.of("race", "@every 1s").withPayload("p1"));
			await().atMost(Duration.ofSeconds(15)).until(() -> received.count() >= 1);

			// Each change returns a version and how many occurrences had been received when it returned.
			List<long[]> returned = new ArrayList<>();
			long until = System.nanoTime() + Duration.ofSeconds(6).toNanos();
			for (int n = 2; System.nanoTime() < until; n++) {
				String expression = (n % 2 == 0) ? "* * * * * *" : "@every 1s";
				RecurringSchedule changed = schedules
					.update(ScheduleDefinition.of("race", expression).withPayload("p" + n));
				returned.add(new long[] { changed.version(), received.count() });
				sleep(ThreadLocalRandom.current().nextInt(50, 400));
			}
			int settled = received.count();
			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() >= settled + 2);
			context.getBean(DeliveryPollers.class).stop();

			List<Received> all = received.all();
			Map<Long, ScheduleVersion> versions = schedules.versions("race")
				.stream()
				.collect(Collectors.toMap(ScheduleVersion::version, Function.identity()));
			// No instant published twice: an occurrence's event id is its schedule and instant.
			assertThat(received.duplicates()).as("occurrence instants published more than once").isZero();
			assertThat(all).extracting(RecurringVersionsContractTests::versionOf)
				.as("versions in publish order")
				.isSorted()
				.allSatisfy((version) -> assertThat(versions).containsKey(version));
			assertThat(all).allSatisfy((occurrence) -> assertThat(occurrence.message().getPayload())
				.as("payload of %s", occurrence.eventId())
				.isEqualTo(versions.get(versionOf(occurrence)).payload()));
			for (long[] change : returned) {
				assertThat(all.subList((int) change[1], all.size()))
					.as("occurrences received after version %d was returned", change[0])
					.allSatisfy((occurrence) -> assertThat(versionOf(occurrence)).isGreaterThanOrEqualTo(change[0]));
			}
			Set<Long> seen = all.stream().map(RecurringVersionsContractTests::versionOf).collect(Collectors.toSet());
			assertThat(seen).as("versions published while changes raced").hasSizeGreaterThanOrEqualTo(3);
			List<DeliveryRecord> delivered = delivered(context.getBean(DeliveryHistory.class), "race");
			Map<String, Long> published = all.stream()
				.collect(Collectors.toMap(Received::eventId, RecurringVersionsContractTests::versionOf));
			assertThat(delivered).hasSameSizeAs(all)
				.allSatisfy((entry) -> assertThat(entry.scheduleVersion()).isEqualTo(published.get(entry.eventId())));
		});
	}

	private static List<DeliveryRecord> delivered(DeliveryHistory history, String scheduleId) {
		return history.forSchedule(scheduleId, 1000)
			.stream()
			.filter((entry) -> entry.outcome() == DeliveryOutcome.DELIVERED)
			.toList();
	}

	private static long versionOf(Received occurrence) {
		return (Long) occurrence.message().getHeaders().get(RecurringHeaders.SCHEDULE_VERSION);
	}

	private int keptVersions() {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM awty_schedule_version", Integer.class);
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
