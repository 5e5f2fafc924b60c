package dev.awty.delivery;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import dev.awty.ClaimMode;
import dev.awty.ScheduledEntity;
import dev.awty.dialect.DialectDetector;
import dev.awty.internal.claim.EventClaims;
import dev.awty.internal.model.EventTypeFactory;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.internal.pipeline.kit.DeliveryCounters;
import dev.awty.internal.table.EventTable;
import dev.awty.repository.EventRepositories;
import dev.awty.spi.SqlDialect;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ContractMatrix;
import dev.awty.testing.FreezableDataSources;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Short leases kept alive by heartbeats, written once and run on every database and claim mode: a consumer slower
 * than the lease keeps its rows, a stalled instance loses them and is fenced off, and a dead instance's rows
 * move on after about one lease, the only duplicates being those it published and had not yet written (at most
 * twice {@code mark-every} per worker, whatever the batch size: the part it publishes and the parts being written). Leases are 2 s here so the tests stay quick.
 */
@ParameterizedClass
@MethodSource("matrix")
class LeaseContractTests extends DatabaseContractTests {

	private static final Duration LEASE = Duration.ofSeconds(2);

	private final ClaimMode mode;

	/** Where this contract runs: each set is one run of every test below. */
	static Stream<Arguments> matrix() {
		return ContractMatrix.everyDatabaseInBothClaimModes();
	}

	LeaseContractTests(Supplier<TestDatabase> databases, ClaimMode mode) {
		super(databases);
		this.mode = mode;
	}

	@BeforeEach
	void createScheduledTable() {
		this.database.execute(TestPurchase.TABLE_DDL);
	}

	private ApplicationContextRunner instance(String name, ReceivedEvents received) {
		return AwtyContexts.purchases(this.database, received)
			.withPropertyValues("awty.claim.mode=" + this.mode, "awty.poller.holding=lease", "awty.claim.lease=" + LEASE.toMillis() + "ms",
					"awty.poller.poll-interval=100ms", "awty.instance-id=" + name);
	}

	@Test
	void consumerSlowerThanTheLeaseKeepsItsRowsAndDeliversThemOnce() {
		CountDownLatch release = new CountDownLatch(1);
		ReceivedEvents first = new ReceivedEvents().each((message) -> awaitQuietly(release));
		ReceivedEvents second = new ReceivedEvents().each((message) -> awaitQuietly(release));
		try {
			instance("first", first).run((one) -> instance("second", second).run((two) -> {
				long id = insertDueRows(1).get(0);
				await().atMost(Duration.ofSeconds(10)).until(() -> claimedBy(id) != null);
				String holder = claimedBy(id);
				Instant leaseAtClaim = claimedUntil(id);

				// Twice the lease later, the row is still held by the same claim, its lease pushed forward.
				await().atMost(LEASE.multipliedBy(4)).pollInterval(Duration.ofMillis(100))
					.until(() -> this.database.databaseNow().isAfter(leaseAtClaim.plus(LEASE)));
				assertThat(claimedBy(id)).isEqualTo(holder);
				assertThat(claimedUntil(id)).isAfter(this.database.databaseNow());
				release.countDown();

				await().atMost(Duration.ofSeconds(10)).until(() -> status(id).equals("DELIVERED"));
				await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2))
					.until(() -> first.count() + second.count() == 1);
				assertThat(first.calls() + second.calls()).as("published once, by its holder only").isEqualTo(1);
				assertThat(counters(one).possibleDuplicates() + counters(two).possibleDuplicates()).isZero();
				assertThat(counters(one).lostLeases() + counters(two).lostLeases()).isZero();
			}));
		}
		finally {
			release.countDown();
		}
	}

	@Test
	void stalledInstanceLosesItsRowsToAnotherWhichDeliversThemAndItsLateMarkIsFencedAndCounted() {
		Stall stall = new Stall();
		ReceivedEvents stalling = new ReceivedEvents().each((message) -> {
			// A long pause right in the middle of a publish: the whole instance stops, heartbeat included.
			stall.inPublish();
		});
		ReceivedEvents other = new ReceivedEvents();
		// One worker, which stalls: with more, idle workers would share the claimed rows and stall each in turn.
		instance("stalling", stalling).withPropertyValues("awty.poller.mark-every=1", "awty.poller.concurrency=1")
			.withBean(FreezableDataSources.class, () -> stall.dataSources)
			.run((one) -> {
				try {
					List<Long> ids = insertDueRows(2);
					await().atMost(Duration.ofSeconds(10)).untilTrue(stall.stalled);
					instance("other", other).run((two) -> {
						await().atMost(LEASE.plusSeconds(10)).until(() -> other.distinctEventIds() == 2);
						stall.thaw();

						await().atMost(Duration.ofSeconds(10)).until(() -> counters(one).possibleDuplicates() == 1);
						// The waiting row is lost for sure; the row being published too if the heartbeat finds it first.
						await().atMost(LEASE.plusSeconds(5)).until(() -> counters(one).lostLeases() >= 1);
						assertThat(counters(one).lostLeases()).isBetween(1L, 2L);
						assertThat(stalling.count()).as("only the row it was publishing when it stalled").isEqualTo(1);
						assertThat(counters(one).delivered()).as("its late mark was fenced off").isZero();
						assertThat(rowsWithStatus("DELIVERED")).isEqualTo(ids.size());
						assertThat(counters(two).delivered()).isEqualTo(2);
					});
				}
				finally {
					stall.thaw();
				}
			});
	}

	@Test
	void claimSharedByTheWorkersOfAStalledInstanceIsFencedInEveryPart() {
		Stall stall = new Stall();
		AtomicBoolean thawed = new AtomicBoolean();
		AtomicInteger publishedAfterThaw = new AtomicInteger();
		ReceivedEvents stalling = new ReceivedEvents().each((message) -> {
			if (thawed.get()) {
				publishedAfterThaw.incrementAndGet();
			}
			stall.inPublish();
		});
		ReceivedEvents other = new ReceivedEvents();
		// One claim of four rows, shared by two workers two rows each; the instance stalls in the first publish.
		instance("stalling", stalling).withPropertyValues("awty.poller.mark-every=1", "awty.poller.concurrency=2")
			.withBean(FreezableDataSources.class, () -> stall.dataSources)
			.run((one) -> {
				try {
					List<Long> ids = insertDueRows(4);
					await().atMost(Duration.ofSeconds(10)).untilTrue(stall.stalled);
					instance("other", other).run((two) -> {
						await().atMost(LEASE.plusSeconds(10)).until(() -> rowsWithStatus("DELIVERED") == ids.size());
						thawed.set(true);
						stall.thaw();

						await().atMost(LEASE.plusSeconds(5)).until(() -> counters(one).lostLeases() >= 1);
						await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(3))
							.until(() -> stalling.count() == stalling.calls());
						assertThat(stalling.calls()).as("each worker published from its part before the stall held it")
							.isGreaterThanOrEqualTo(2);
						assertThat(publishedAfterThaw.get()).as("no part published a row lost meanwhile").isZero();
						Set<String> all = new HashSet<>(eventIds(stalling));
						all.addAll(eventIds(other));
						assertThat(all).hasSize(ids.size());
						// a worker publishes its next part while the previous one is written: two parts of one row each
						assertThat(stalling.count() + other.count() - ids.size())
							.as("duplicates: at most twice mark-every per worker").isLessThanOrEqualTo(4);
						assertThat(counters(one).delivered()).as("its late marks were fenced off").isLessThanOrEqualTo(2);
					});
				}
				finally {
					stall.thaw();
				}
			});
	}

	@Test
	void staleWorkerNeverPublishesRowsRescheduledOrCancelledAfterItsLeaseRanOut() {
		Stall stall = new Stall();
		ReceivedEvents received = new ReceivedEvents().each((message) -> {
			stall.inPublish();
		});
		instance("stalling", received).withPropertyValues("awty.poller.mark-every=1", "awty.poller.concurrency=1")
			.withBean(FreezableDataSources.class, () -> stall.dataSources)
			.run((context) -> {
				try {
					List<Long> ids = insertDueRows(3);
					await().atMost(Duration.ofSeconds(10)).untilTrue(stall.stalled);
					Instant leaseEnd = claimedUntil(ids.get(2));
					await().atMost(LEASE.plusSeconds(5)).pollInterval(Duration.ofMillis(100))
						.until(() -> this.database.databaseNow().isAfter(leaseEnd.plusMillis(200)));
					EventRepositories repositories = context.getBean(EventRepositories.class);
					assertThat(repositories.select(TestPurchase.class).where("e.id = :id").param("id", ids.get(1))
						.rescheduleTo(this.database.databaseNow().plusSeconds(3600)).changed()).isEqualTo(1);
					assertThat(repositories.select(TestPurchase.class).where("e.id = :id").param("id", ids.get(2))
						.cancel().changed()).isEqualTo(1);
					stall.thaw();

					await().atMost(Duration.ofSeconds(10)).until(() -> status(ids.get(0)).equals("DELIVERED"));
					// The rescheduled and the cancelled row are lost to this worker; the row it was publishing when it
					// stalled may be counted too, and may go out twice (its lease ran out mid-publish). The other two never.
					await().atMost(LEASE.plusSeconds(5)).until(() -> counters(context).lostLeases() >= 2);
					await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(3))
						.until(() -> received.count() == received.calls());
					assertThat(received.all()).extracting(ReceivedEvents.Received::eventId)
						.containsOnly("test_purchase/" + ids.get(0) + "/1");
					assertThat(status(ids.get(1))).isEqualTo("PENDING");
					assertThat(status(ids.get(2))).isEqualTo("CANCELLED");
				}
				finally {
					stall.thaw();
				}
			});
	}

	@Test
	void rowsOfADeadInstanceAreDeliveredAgainWithinAboutOneLease() {
		SqlDialect dialect = DialectDetector.detect(this.database.simpleDataSource(), null);
		EventClaims<?> table = new EventTable<>(new EventTypeFactory(dialect).create(TestPurchase.class), dialect,
				this.database.simpleDataSource()).claims();
		ReceivedEvents received = new ReceivedEvents().clock(this.database::databaseNow);
		instance("survivor", received).run((context) -> {
			DeliveryPollers pollers = context.getBean(DeliveryPollers.class);
			pollers.stop();
			List<Long> ids = insertDueRows(3);
			// An instance that claimed these rows and died before publishing them.
			List<? extends ScheduledEntity> dead = table.claimDue("dead#1", 10, LEASE, false);
			assertThat(dead).extracting(ScheduledEntity::getId).containsExactlyInAnyOrderElementsOf(ids);
			Instant leaseEnd = claimedUntil(ids.get(0));
			pollers.start();

			await().atMost(LEASE.plusSeconds(10)).until(() -> received.distinctEventIds() == 3);
			assertThat(received.all()).allSatisfy((delivery) -> assertThat(delivery.receivedAt())
				.as("not before the dead instance's lease ran out, and within about a lease after")
				.isAfterOrEqualTo(leaseEnd)
				.isBefore(leaseEnd.plus(LEASE)));
			assertThat(received.duplicates()).isZero();
		});
	}

	@Test
	void instanceThatDiesMidBatchCausesAsDuplicatesAtMostTheRowsItPublishedSinceItsLastMarkWhateverTheBatchSize() {
		int batch = 50;
		int markEvery = 10;
		FreezableDataSources death = new FreezableDataSources();
		CountDownLatch never = new CountDownLatch(1);
		AtomicInteger publishes = new AtomicInteger();
		ReceivedEvents dying = new ReceivedEvents().each((message) -> {
			// Dies in the middle of its third part of ten: twenty rows published and marked, four published only.
			if (publishes.incrementAndGet() == 25) {
				death.freeze();
				awaitQuietly(never);
			}
		});
		ReceivedEvents survivor = new ReceivedEvents();
		instance("dying", dying)
			.withPropertyValues("awty.poller.batch-size=" + batch, "awty.poller.mark-every=" + markEvery)
			.withBean(FreezableDataSources.class, () -> death)
			.run((one) -> {
				try {
					insertDueRows(batch);
					await().atMost(Duration.ofSeconds(10)).until(() -> publishes.get() == 25);
					instance("survivor", survivor).run((two) -> {
						await().atMost(LEASE.plusSeconds(15)).until(() -> rowsWithStatus("DELIVERED") == batch);

						Set<String> fromDying = new HashSet<>(eventIds(dying));
						Set<String> fromSurvivor = new HashSet<>(eventIds(survivor));
						Set<String> twice = new HashSet<>(fromDying);
						twice.retainAll(fromSurvivor);
						Set<String> all = new HashSet<>(fromDying);
						all.addAll(fromSurvivor);
						assertThat(all).as("nothing lost").hasSize(batch);
						assertThat(survivor.duplicates()).isZero();
						assertThat(twice).as("published by the dead instance and not yet written, so delivered again")
							.hasSizeBetween(1, 2 * markEvery);
						assertThat(fromDying).hasSize(24);
					});
				}
				finally {
					death.thaw();
					never.countDown();
				}
			});
	}

	/** Freezes the whole instance in its first publish (its connections, so its heartbeat too) until thawed. */
	private static final class Stall {

		final FreezableDataSources dataSources = new FreezableDataSources();

		final AtomicBoolean stalled = new AtomicBoolean();

		private final CountDownLatch resume = new CountDownLatch(1);

		/** Called in every publish: the first one stalls there. */
		void inPublish() {
			if (this.stalled.compareAndSet(false, true)) {
				this.dataSources.freeze();
				awaitQuietly(this.resume);
			}
		}

		void thaw() {
			this.dataSources.thaw();
			this.resume.countDown();
		}

	}

	private static List<String> eventIds(ReceivedEvents received) {
		return received.all().stream().map(ReceivedEvents.Received::eventId).toList();
	}

	/** Inserts {@code count} due rows in one statement, so that one claim takes them all. */
	private List<Long> insertDueRows(int count) {
		List<String> rows = new ArrayList<>();
		for (int i = 1; i <= count; i++) {
			rows.add("(" + i + ", " + this.database.now() + ")");
		}
		this.jdbc.update("INSERT INTO scheduled_test_purchase (purchase_id, due_at) VALUES " + String.join(", ", rows));
		return this.jdbc.queryForList("SELECT id FROM scheduled_test_purchase ORDER BY id", Long.class);
	}

	private String claimedBy(long id) {
		return this.jdbc.queryForObject("SELECT claimed_by FROM scheduled_test_purchase WHERE id = ?", String.class, id);
	}

	private Instant claimedUntil(long id) {
		return this.jdbc.query("SELECT claimed_until FROM scheduled_test_purchase WHERE id = ?",
				(rs, row) -> this.database.instant(rs, 1), id).get(0);
	}

	private String status(long id) {
		return this.jdbc.queryForObject("SELECT status FROM scheduled_test_purchase WHERE id = ?", String.class, id);
	}

	private int rowsWithStatus(String status) {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = ?", Integer.class,
				status);
	}

	private static DeliveryCounters counters(ApplicationContext context) {
		return context.getBean(DeliveryPollers.class).counters().get("test_purchase");
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
