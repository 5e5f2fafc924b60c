package dev.awty.autoconfigure;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import dev.awty.EventScheduler;
import dev.awty.internal.wakeup.WakeUps;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.TestPgBouncer;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two instances with awty's defaults (schema initialization, LISTEN/NOTIFY) behind a real PgBouncer in transaction
 * pooling mode, another client running short transactions on the same pool: every start completes, every row is
 * delivered exactly once, and nothing awty did stays behind on the pool's server connections.
 */
@ExtendWith(OutputCaptureExtension.class)
class PgBouncerTransactionPoolingIntegrationTests {

	private static final int ROUNDS = 5;

	private static final int ROWS_PER_INSTANCE = 20;

	/** Far above a start here (a few seconds); a start that waits on a lock left on a pooled session never ends. */
	private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

	@Test
	void twoInstancesStartFiveTimesInARowAndDeliverEveryRowExactlyOnceWithNothingLeftOnPooledSessions(
			CapturedOutput output) throws Exception {
		TestDatabase direct = TestDatabases.postgres();
		direct.execute(TestPurchase.TABLE_DDL);
		try (TestPgBouncer bouncer = TestPgBouncer.inFrontOf(direct); OtherClient other = new OtherClient(bouncer)) {
			ReceivedEvents received = new ReceivedEvents();
			List<String> failures = new ArrayList<>();
			for (int round = 1; round <= ROUNDS; round++) {
				for (String failure : round(bouncer, direct, received, round)) {
					failures.add("round " + round + ": " + failure);
				}
				if (!failures.isEmpty()) {
					break;
				}
			}
			assertThat(failures).as("PgBouncer's log:%n%s", bouncer.log()).isEmpty();
			assertThat(received.count()).isEqualTo(ROUNDS * 2 * ROWS_PER_INSTANCE);
			assertThat(received.duplicates()).isZero();
			assertThat(other.transactions()).as("the other client's transactions").isPositive();
			assertThat(other.failure()).as("the other client's failure").isNull();
			assertThat(bouncer.listeningChannelsOfPooledSessions()).as("LISTENs left on PgBouncer's server connections")
				.isEmpty();
			String warning = "awty: LISTEN/NOTIFY is not used on this database connection: it reaches PostgreSQL "
					+ "through a connection pooler";
			assertThat(output.getOut().split(Pattern.quote(warning), -1)).as("one warning per instance started")
				.hasSize(ROUNDS * 2 + 1);
			assertThat(output.getOut()).contains("Set awty.poller.listen-notify=false to skip the check");
		}
	}

	/** Starts two instances at once, lets each schedule its rows and waits until both instances' rows are delivered. */
	private static List<String> round(TestPgBouncer bouncer, TestDatabase direct, ReceivedEvents received, int round)
			throws Exception {
		TestDatabase database = bouncer.database();
		CountDownLatch started = new CountDownLatch(2);
		CountDownLatch done = new CountDownLatch(1);
		List<String> failures = new CopyOnWriteArrayList<>();
		ExecutorService threads = Executors.newFixedThreadPool(2);
		try (Connection listener = DriverManager.getConnection(direct.url(), direct.username(), direct.password())) {
			try (Statement statement = listener.createStatement()) {
				statement.execute("LISTEN awty_due");
			}
			List<Future<?>> instances = new ArrayList<>();
			for (int instance = 1; instance <= 2; instance++) {
				long firstPurchase = (round * 10L + instance) * 1_000L;
				String id = "pgbouncer-" + round + "-" + instance;
				instances.add(threads.submit(() -> AwtyContexts.purchases(database, received)
					.withPropertyValues("awty.instance-id=" + id, "awty.poller.poll-interval=200ms",
							"spring.datasource.hikari.maximum-pool-size=4")
					.run((context) -> {
						if (context.getStartupFailure() != null) {
							failures.add(id + " did not start: " + context.getStartupFailure());
							started.countDown();
							return;
						}
						started.countDown();
						// Polling finds other instances' rows here: no instance may keep sending NOTIFY for them.
						WakeUps wakeUps = context.getBean(WakeUps.class);
						await().atMost(Duration.ofSeconds(30)).until(() -> !wakeUps.notifiesOtherInstances());
						EventScheduler scheduler = context.getBean(EventScheduler.class);
						for (int row = 0; row < ROWS_PER_INSTANCE; row++) {
							scheduler.schedule(new TestPurchase(firstPurchase + row), Instant.EPOCH);
						}
						done.await(2, TimeUnit.MINUTES);
					})));
			}
			if (!started.await(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
				failures.add(started.getCount() + " instance(s) did not start within " + START_TIMEOUT);
				return failures;
			}
			int expected = round * 2 * ROWS_PER_INSTANCE;
			if (failures.isEmpty()) {
				try {
					await().atMost(Duration.ofSeconds(60)).until(() -> received.count() >= expected);
				}
				catch (org.awaitility.core.ConditionTimeoutException ex) {
					failures.add("received " + received.count() + " of " + expected + " rows");
				}
				// NOTIFY reaches every session of the database: other builds' instances on this server send theirs.
				Set<Integer> servers = bouncer.serverPids();
				PGNotification[] notifications = listener.unwrap(PGConnection.class).getNotifications(200);
				List<String> ours = (notifications != null) ? Arrays.stream(notifications)
					.filter((notification) -> servers.contains(notification.getPID()))
					.map(PGNotification::getParameter)
					.toList() : List.of();
				if (!ours.isEmpty()) {
					failures.add(ours.size() + " NOTIFY sent after the instances found LISTEN not working: " + ours);
				}
			}
			done.countDown();
			for (Future<?> instance : instances) {
				instance.get(1, TimeUnit.MINUTES);
			}
			return failures;
		}
		finally {
			done.countDown();
			threads.shutdownNow();
		}
	}

	/** Another application on the same pool: short transactions, one after the other, for the whole test. */
	private static final class OtherClient implements AutoCloseable {

		private final AtomicBoolean running = new AtomicBoolean(true);

		private final AtomicLong transactions = new AtomicLong();

		private volatile Exception failure;

		private final Thread thread;

		OtherClient(TestPgBouncer bouncer) {
			TestDatabase database = bouncer.database();
			this.thread = new Thread(() -> {
				try (Connection connection = DriverManager.getConnection(database.url(), database.username(),
						database.password())) {
					connection.setAutoCommit(false);
					while (this.running.get()) {
						try (Statement statement = connection.createStatement()) {
							statement.executeQuery("SELECT pg_backend_pid(), now()").close();
						}
						connection.commit();
						this.transactions.incrementAndGet();
						Thread.sleep(2);
					}
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				catch (Exception ex) {
					this.failure = ex;
				}
			}, "other-pgbouncer-client");
			this.thread.start();
		}

		long transactions() {
			return this.transactions.get();
		}

		Exception failure() {
			return this.failure;
		}

		@Override
		public void close() throws InterruptedException {
			this.running.set(false);
			this.thread.join(10_000);
		}

	}

}
