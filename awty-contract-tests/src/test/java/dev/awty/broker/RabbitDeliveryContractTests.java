package dev.awty.broker;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.LoggerFactory;

import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.DirectExchange;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;
import org.springframework.boot.amqp.autoconfigure.RabbitAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.awty.AwtyHeaders;
import dev.awty.ClaimMode;
import dev.awty.EventScheduler;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.BrokerReceipts;
import dev.awty.testing.ContractMatrix;
import dev.awty.testing.context.RabbitBridgeConfiguration;
import dev.awty.testing.TcpProxy;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestRabbit;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Delivery through a Spring Integration flow ending in RabbitMQ's outbound adapter, with publisher confirms
 * deciding which rows count as delivered, against a real broker; run on every database from its matrix below.
 */
@ParameterizedClass
@MethodSource("matrix")
class RabbitDeliveryContractTests extends DatabaseContractTests {

	private CachingConnectionFactory brokerConnections;

	private RabbitAdmin admin;

	private String exchange;

	private SimpleMessageListenerContainer consumer;

	private final BrokerReceipts receipts = new BrokerReceipts();

	private final ClaimMode mode;

	/**
	 * How long the broker is unreachable in the outage test: the full 30 s for PostgreSQL in skip-locked mode, the
	 * mode most replicas run; 10 s elsewhere, long enough for retries to reach their longest backoff (3 s).
	 */
	private final Duration outage;

	/** Where this contract runs: each set is one run of every test below. */
	static Stream<Arguments> matrix() {
		return Stream.of(ContractMatrix.h2(ClaimMode.LEADER, Duration.ofSeconds(10)),
				ContractMatrix.postgres(ClaimMode.LEADER, Duration.ofSeconds(10)),
				ContractMatrix.postgres(ClaimMode.SKIP_LOCKED, Duration.ofSeconds(30)),
				ContractMatrix.mariadb(ClaimMode.LEADER, Duration.ofSeconds(10)));
	}

	RabbitDeliveryContractTests(Supplier<TestDatabase> databases, ClaimMode mode, Duration outage) {
		super(databases);
		this.mode = mode;
		this.outage = outage;
	}

	@BeforeEach
	void declareExchangeAndConsumer() {
		// Spring AMQP's own executor may throw "PublisherCallbackChannel is closed" while it returns a channel
		// to its cache; Awaitility would pin that on whichever wait runs then. What awty delivered is asserted
		// from the receipts and the rows instead.
		Awaitility.doNotCatchUncaughtExceptionsByDefault();
		TestRabbit.uri();
		this.database.execute(TestPurchase.TABLE_DDL);
		this.brokerConnections = TestRabbit.connectionFactory();
		this.admin = new RabbitAdmin(this.brokerConnections);
		this.exchange = "awty.test." + UUID.randomUUID();
		DirectExchange directExchange = new DirectExchange(this.exchange, false, true);
		Queue queue = new Queue(this.exchange, false, false, true);
		this.admin.declareExchange(directExchange);
		this.admin.declareQueue(queue);
		this.admin.declareBinding(BindingBuilder.bind(queue).to(directExchange).with("test_purchase"));
		this.consumer = new SimpleMessageListenerContainer(this.brokerConnections);
		this.consumer.setQueueNames(this.exchange);
		this.consumer.setMessageListener(
				(message) -> this.receipts.record(message.getMessageProperties().getHeader(AwtyHeaders.EVENT_ID)));
		this.consumer.start();
	}

	@AfterEach
	void deleteExchangeAndConsumer() {
		Awaitility.reset();
		if (this.consumer != null) {
			this.consumer.stop();
			this.admin.deleteQueue(this.exchange);
			this.admin.deleteExchange(this.exchange);
			this.brokerConnections.destroy();
		}
	}

	private ApplicationContextRunner publishingTo(String host, int port) {
		return AwtyContexts.runner()
			.withConfiguration(AutoConfigurations.of(RabbitAutoConfiguration.class))
			.withUserConfiguration(RabbitBridgeConfiguration.class)
			.withPropertyValues(this.database.datasourceProperties())
			.withPropertyValues(TestRabbit.confirmingProperties(host, port))
			.withPropertyValues("test.rabbit.exchange=" + this.exchange, "awty.poller.poll-interval=100ms",
					"awty.claim.mode=" + this.mode);
	}

	@Test
	void tenThousandRowBurstReachesTheBrokerConsumerExactlyOnce() {
		publishingTo(TestRabbit.host(), TestRabbit.port()).run((context) -> {
			context.getBean(EventScheduler.class).scheduleAll(purchases(0, 10_000), Instant.now().minusSeconds(1));

			await().atMost(Duration.ofMinutes(2)).until(() -> rows("DELIVERED") == 10_000);
			// and no second copy follows
			await().atMost(Duration.ofSeconds(30)).until(() -> this.receipts.total() >= 10_000);
			await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2)).until(() -> this.receipts.total() == 10_000);

			assertThat(this.receipts.distinct()).as(this.receipts.toString()).isEqualTo(10_000);
			assertThat(this.receipts.total()).as(this.receipts.toString()).isEqualTo(10_000);
		});
	}

	@Test
	void unroutableMessageIsAFailedAttemptNotADelivery() {
		publishingTo(TestRabbit.host(), TestRabbit.port())
			.withPropertyValues("test.rabbit.routing-key=bound-to-nothing", "awty.retry.initial-backoff=1h",
					"awty.retry.max-backoff=1h")
			.run((context) -> {
				long id = context.getBean(EventScheduler.class).schedule(new TestPurchase(1), Instant.now().minusSeconds(1));

				await().atMost(Duration.ofSeconds(30)).until(() -> attempts(id) == 1);

				assertThat(this.jdbc.queryForMap("SELECT status, last_error FROM scheduled_test_purchase WHERE id = ?", id))
					.containsEntry("STATUS", "PENDING")
					.hasEntrySatisfying("LAST_ERROR", (error) -> assertThat((String) error)
						.isEqualTo("returned by RabbitMQ as unroutable: 312 NO_ROUTE (exchange '" + this.exchange
								+ "', routing key 'bound-to-nothing')"));
				assertThat(this.receipts.total()).isZero();
			});
	}

	@Test
	void publishWithoutConfirmsIsAFailedAttemptAfterTheAckTimeout() {
		publishingTo(TestRabbit.host(), TestRabbit.port())
			.withPropertyValues("spring.rabbitmq.publisher-confirm-type=none", "awty.publish.ack-timeout=1s",
					"awty.retry.initial-backoff=1h", "awty.retry.max-backoff=1h")
			.run((context) -> {
				long id = context.getBean(EventScheduler.class).schedule(new TestPurchase(1), Instant.now().minusSeconds(1));

				await().atMost(Duration.ofSeconds(30)).until(() -> attempts(id) == 1);

				assertThat(this.jdbc.queryForMap("SELECT status, last_error FROM scheduled_test_purchase WHERE id = ?", id))
					.containsEntry("STATUS", "PENDING")
					.containsEntry("LAST_ERROR", "no acknowledgement from the broker within 1000 ms");
			});
	}

	@Test
	void brokerUnreachableMidBurstLosesNothingAndLogsOneLinePerBatch() throws IOException {
		ListAppender<ILoggingEvent> log = captureAwtyLog();
		Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
		List<Throwable> channelCloseFailures = new java.util.concurrent.CopyOnWriteArrayList<>();
		// Spring AMQP 4.1.0 waits for a returned channel's confirms on its own executor and lets an
		// AmqpException escape there when the connection is gone; that is the library's noise, not awty's.
		Thread.setDefaultUncaughtExceptionHandler((thread, failure) -> {
			if (failure instanceof org.springframework.amqp.AmqpException && List.of(failure.getStackTrace())
				.stream()
				.anyMatch((frame) -> frame.getMethodName().contains("returnToCache"))) {
				channelCloseFailures.add(failure);
			}
			else if (previous != null) {
				previous.uncaughtException(thread, failure);
			}
		});
		try (TcpProxy proxy = new TcpProxy(TestRabbit.host(), TestRabbit.port())) {
			publishingTo("127.0.0.1", proxy.port())
				.withPropertyValues("awty.poller.batch-size=200", "awty.retry.initial-backoff=500ms",
						"awty.retry.max-backoff=3s", "awty.retry.max-attempts=1000", "awty.publish.ack-timeout=3s",
						"spring.rabbitmq.connection-timeout=2s")
				.run((context) -> {
					EventScheduler scheduler = context.getBean(EventScheduler.class);
					Instant now = Instant.now();
					for (int k = 0; k < 10; k++) {
						// rows keep falling due during the outage
						scheduler.scheduleAll(purchases(k * 1000, 1000), now.plusSeconds(2L * k));
					}
					await().atMost(Duration.ofSeconds(30))
						.pollInterval(Duration.ofMillis(5))
						.until(() -> this.receipts.total() >= 300);

					proxy.cut();
					// The broker stays unreachable for the whole outage while rows keep falling due and failing.
					// Spring AMQP's own threads fail while the broker is away; the handler above records those.
					try {
						await().dontCatchUncaughtExceptions().pollDelay(this.outage).atMost(this.outage.plusSeconds(10))
							.until(() -> rowsWithFailedAttempts() > 0);
					}
					catch (ConditionTimeoutException ex) {
						throw new AssertionError("no row failed while the broker was unreachable; rows by status "
								+ this.jdbc.queryForList("SELECT status, COUNT(*) AS n, MAX(attempts) AS attempts"
										+ " FROM scheduled_test_purchase GROUP BY status")
								+ ", " + this.receipts, ex);
					}
					int failedAttempts = rowsWithFailedAttempts();
					assertThat(failedAttempts).as("rows that failed while the broker was unreachable").isPositive();
					assertThat(rows("FAILED")).isZero();
					proxy.restore();

					await().atMost(Duration.ofMinutes(2)).until(() -> rows("DELIVERED") == 10_000);
					await().atMost(Duration.ofSeconds(30)).until(() -> this.receipts.distinct() == 10_000);
					int total = this.receipts.total();
					await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2))
						.until(() -> this.receipts.total() == total);
					assertThat(this.receipts.duplicates()).as("duplicates, only from confirms in doubt at the cut")
						.isLessThanOrEqualTo(200);
					System.out.printf("[%s] RabbitMQ unreachable for %d s mid-burst: %s, %d rows had failed attempts, %d"
							+ " channel-close failure(s) in Spring AMQP's executor%n", this.database,
							this.outage.toSeconds(), this.receipts,
							failedAttempts, channelCloseFailures.size());
				});
		}
		finally {
			release(log);
			Thread.setDefaultUncaughtExceptionHandler(previous);
		}
		List<ILoggingEvent> failures = log.list.stream()
			.filter((event) -> event.getFormattedMessage().contains("failed in one batch")
				|| event.getFormattedMessage().contains("failed for row"))
			.toList();
		assertThat(failures).isNotEmpty().allSatisfy((event) -> {
			assertThat(event.getLevel()).isEqualTo(Level.WARN);
			assertThat(event.getThrowableProxy()).isNull();
			assertThat(event.getFormattedMessage()).doesNotContain("\n");
		});
		assertThat(log.list).allSatisfy((event) -> assertThat(event.getThrowableProxy()).as(event.getFormattedMessage())
			.isNull());
	}

	private static List<TestPurchase> purchases(int first, int count) {
		List<TestPurchase> purchases = new ArrayList<>(count);
		IntStream.range(first, first + count).forEach((i) -> purchases.add(new TestPurchase(i)));
		return purchases;
	}

	private int rowsWithFailedAttempts() {
		return this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = 'PENDING' AND attempts > 0", Integer.class);
	}

	private int rows(String status) {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = ?", Integer.class,
				status);
	}

	private int attempts(long id) {
		return this.jdbc.queryForObject("SELECT attempts FROM scheduled_test_purchase WHERE id = ?", Integer.class, id);
	}

	private static ListAppender<ILoggingEvent> captureAwtyLog() {
		ListAppender<ILoggingEvent> appender = new ListAppender<>();
		appender.start();
		((Logger) LoggerFactory.getLogger("dev.awty")).addAppender(appender);
		return appender;
	}

	private static void release(ListAppender<ILoggingEvent> appender) {
		((Logger) LoggerFactory.getLogger("dev.awty")).detachAppender(appender);
		appender.stop();
	}

}
