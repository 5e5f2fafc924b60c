package dev.awty.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

import dev.awty.EventScheduler;
import dev.awty.EventStatus;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A first deployment of several replicas onto an empty database: every instance runs awty's schema initializer at
 * the same moment, and every one must start and deliver. Written once, run on every database by {@link OnEveryDatabase}.
 */
@OnEveryDatabase
class ConcurrentFirstStartContractTests extends DatabaseContractTests {

	private static final int INSTANCES = 4;

	private static final int ROUNDS = 5;

	ConcurrentFirstStartContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@Test
	void instancesStartedAtTheSameMomentOnAnEmptyDatabaseAllStartAndDeliver() throws Exception {
		List<String> failures = new ArrayList<>();
		for (int round = 1; round <= ROUNDS; round++) {
			TestDatabase database = (round == 1) ? this.database : anotherDatabase();
			database.execute(TestPurchase.TABLE_DDL);
			String label = "round " + round + ": ";
			startAtOnce(database).forEach((failure) -> failures.add(label + failure));
		}
		assertThat(failures).as("instances that failed to start or deliver, of %d rounds x %d instances", ROUNDS,
				INSTANCES).isEmpty();
	}

	private List<String> startAtOnce(TestDatabase database) throws Exception {
		ReceivedEvents received = new ReceivedEvents();
		CountDownLatch ready = new CountDownLatch(INSTANCES);
		CountDownLatch go = new CountDownLatch(1);
		ExecutorService threads = Executors.newFixedThreadPool(INSTANCES);
		try {
			List<Future<String>> outcomes = new ArrayList<>();
			for (int instance = 0; instance < INSTANCES; instance++) {
				long purchaseId = instance;
				outcomes.add(threads.submit(() -> {
					ready.countDown();
					go.await();
					return startAndDeliver(database, received, purchaseId);
				}));
			}
			ready.await();
			go.countDown();
			List<String> failures = new ArrayList<>();
			for (Future<String> outcome : outcomes) {
				String failure = outcome.get(2, TimeUnit.MINUTES);
				if (failure != null) {
					failures.add(failure);
				}
			}
			return failures;
		}
		finally {
			threads.shutdownNow();
		}
	}

	private static String startAndDeliver(TestDatabase database, ReceivedEvents received, long purchaseId) {
		String[] failure = new String[1];
		AwtyContexts.purchases(database, received)
			.withPropertyValues("awty.poller.poll-interval=200ms", "spring.datasource.hikari.maximum-pool-size=3")
			.run((context) -> {
				if (context.getStartupFailure() != null) {
					failure[0] = "did not start: " + rootMessage(context.getStartupFailure());
					return;
				}
				EventScheduler scheduler = context.getBean(EventScheduler.class);
				long id = scheduler.schedule(new TestPurchase(purchaseId), java.time.Instant.EPOCH);
				await().atMost(Duration.ofSeconds(30))
					.until(() -> scheduler.find(TestPurchase.class, id).orElseThrow().getStatus() == EventStatus.DELIVERED);
			});
		return failure[0];
	}

	private static String rootMessage(Throwable failure) {
		Throwable cause = failure;
		while (cause.getCause() != null) {
			cause = cause.getCause();
		}
		return cause.getClass().getSimpleName() + ": " + cause.getMessage();
	}

}
