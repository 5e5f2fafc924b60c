package dev.awty.recurring;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.awty.ClaimMode;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ContractMatrix;
import dev.awty.testing.FreezableDataSources;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.ReceivedEvents.Received;
import dev.awty.testing.context.RecurringConsumerConfiguration;
import dev.awty.testing.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Recurring schedules under short leases kept alive by heartbeats, seen from outside (schedules, rows, receipts):
 * a publish slower than the lease keeps its schedule and publishes once; an instance that stalls past its lease
 * loses its schedule to another instance, which publishes it, and publishes nothing more itself. Written once and
 * run on every database from its matrix below; leases are 2 s here so the tests stay quick.
 */
@ParameterizedClass
@MethodSource("matrix")
class RecurringLeaseContractTests extends DatabaseContractTests {

	private static final Duration LEASE = Duration.ofSeconds(2);

	private final ClaimMode mode;

	/** Where this contract runs: each set is one run of every test below. */
	static Stream<Arguments> matrix() {
		return Stream.of(ContractMatrix.h2(ClaimMode.LEADER),
				ContractMatrix.postgres(ClaimMode.SKIP_LOCKED),
				ContractMatrix.mariadb(ClaimMode.SKIP_LOCKED));
	}

	RecurringLeaseContractTests(Supplier<TestDatabase> databases, ClaimMode mode) {
		super(databases);
		this.mode = mode;
	}

	private ApplicationContextRunner instance(String name, ReceivedEvents received) {
		return AwtyContexts.consuming(RecurringConsumerConfiguration.class, this.database, received)
			.withPropertyValues("awty.claim.mode=" + this.mode, "awty.claim.lease=" + LEASE.toMillis() + "ms",
					"awty.recurring.poll-interval=100ms", "awty.retry.initial-backoff=200ms",
					"awty.instance-id=" + name);
	}

	@Test
	void publishSlowerThanTheLeaseKeepsItsScheduleAndPublishesItsOccurrenceOnce() {
		CountDownLatch release = new CountDownLatch(1);
		ReceivedEvents first = new ReceivedEvents().each((message) -> awaitQuietly(release));
		ReceivedEvents second = new ReceivedEvents().each((message) -> awaitQuietly(release));
		try {
			instance("first", first).run((one) -> instance("second", second).run((two) -> {
				RecurringSchedules schedules = one.getBean(RecurringSchedules.class);
				Instant at = databaseNow().truncatedTo(ChronoUnit.SECONDS);
				schedules.create(ScheduleDefinition.of("slow", "@at " + at));
				await().atMost(Duration.ofSeconds(10)).until(() -> first.calls() + second.calls() == 1);
				String holder = claimedBy("slow");
				Instant leaseAtPublish = claimedUntil("slow");

				// Twice the lease later, the schedule is still held by the same claim, its lease pushed forward.
				await().atMost(LEASE.multipliedBy(4)).pollInterval(Duration.ofMillis(100))
					.until(() -> databaseNow().isAfter(leaseAtPublish.plus(LEASE)));
				assertThat(holder).isNotNull();
				assertThat(claimedBy("slow")).isEqualTo(holder);
				assertThat(claimedUntil("slow")).isAfter(databaseNow());
				release.countDown();

				await().atMost(Duration.ofSeconds(10)).until(() -> schedules.get("slow").orElseThrow().completed());
				await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2))
					.until(() -> first.count() + second.count() == 1);
				assertThat(first.calls() + second.calls()).as("published once, by its holder only").isEqualTo(1);
				assertThat(schedules.get("slow").orElseThrow().lastFiredAt()).isEqualTo(at);
			}));
		}
		finally {
			release.countDown();
		}
	}

	@Test
	void stalledInstanceLosesItsScheduleToAnotherWhichPublishesItAndAfterwardsPublishesNothingMoreItself() {
		FreezableDataSources stall = new FreezableDataSources();
		CountDownLatch resume = new CountDownLatch(1);
		AtomicBoolean stalled = new AtomicBoolean();
		ReceivedEvents stalling = new ReceivedEvents().each((message) -> {
			// A long pause right in the middle of a publish: the whole instance stops, heartbeat included.
			if (stalled.compareAndSet(false, true)) {
				stall.freeze();
				awaitQuietly(resume);
			}
		});
		ReceivedEvents other = new ReceivedEvents();
		// One schedule per claim and one worker: the stalled instance holds only the schedule it is publishing. (A
		// second worker would publish the other schedule meanwhile and, frozen before its mark, lose it as well: a
		// duplicate within the crash bound. A batch stalled in its first publish still publishes the rest of its
		// batch, lost or not: one lease check per batch today.)
		instance("stalling", stalling).withPropertyValues("awty.recurring.batch-size=1", "awty.recurring.concurrency=1")
			.withBean(FreezableDataSources.class, () -> stall)
			.run((one) -> {
				try {
					RecurringSchedules schedules = one.getBean(RecurringSchedules.class);
					Instant at = databaseNow().truncatedTo(ChronoUnit.SECONDS);
					schedules.createAll(List.of(ScheduleDefinition.of("first", "@at " + at),
							ScheduleDefinition.of("second", "@at " + at)));
					await().atMost(Duration.ofSeconds(10)).untilTrue(stalled);
					instance("other", other).run((two) -> {
						await().atMost(LEASE.plusSeconds(10)).until(() -> other.distinctEventIds() == 2);
						await().atMost(Duration.ofSeconds(5))
							.until(() -> schedules.get("first").orElseThrow().completed()
									&& schedules.get("second").orElseThrow().completed());
						stall.thaw();
						resume.countDown();

						// The stalled instance finishes the publish it stalled in (a duplicate, as its lease ran out
						// mid-publish) and publishes nothing else; its late record does not move the schedule back.
						await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(4))
							.until(() -> stalling.count() == stalling.calls());
						assertThat(stalling.all()).extracting(Received::eventId).singleElement().satisfies((id) -> assertThat(
								List.of("recurring:first-" + at.getEpochSecond(), "recurring:second-" + at.getEpochSecond()))
							.contains(id));
						assertThat(other.duplicates()).isZero();
						for (String id : List.of("first", "second")) {
							RecurringSchedule schedule = schedules.get(id).orElseThrow();
							assertThat(schedule.completed()).as(id).isTrue();
							assertThat(schedule.lastFiredAt()).as(id).isEqualTo(at);
						}
					});
				}
				finally {
					stall.thaw();
					resume.countDown();
				}
			});
	}

	private String claimedBy(String id) {
		return this.jdbc.queryForObject("SELECT claimed_by FROM awty_schedule WHERE id = ?", String.class, id);
	}

	private Instant claimedUntil(String id) {
		return this.jdbc.query("SELECT claimed_until FROM awty_schedule WHERE id = ?",
				(rs, row) -> this.database.instant(rs, 1), id).get(0);
	}

	private Instant databaseNow() {
		return this.database.databaseNow();
	}

	private static void awaitQuietly(CountDownLatch latch) {
		try {
			latch.await(1, TimeUnit.MINUTES);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
