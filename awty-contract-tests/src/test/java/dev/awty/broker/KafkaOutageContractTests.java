package dev.awty.broker;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.KafkaMessageListenerContainer;
import org.springframework.kafka.listener.MessageListener;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

import dev.awty.AwtyHeaders;
import dev.awty.ClaimMode;
import dev.awty.EventScheduler;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.BrokerReceipts;
import dev.awty.testing.ContractMatrix;
import dev.awty.testing.context.KafkaBridgeConfiguration;
import dev.awty.testing.TcpProxy;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Kafka taken away in the middle of a burst: nothing lost, nothing {@code FAILED}, duplicates only from rows
 * whose attempt failed, in either claim mode. The embedded KRaft broker sits behind a {@link TcpProxy} that the test
 * cuts; it advertises the proxy's address, since Kafka clients connect to the addresses that metadata names.
 * Its matrix below names the databases and claim modes chosen to run it: PostgreSQL in skip-locked mode, the mode most
 * replicas run, is taken away for the full 30 s; the others for 10 s, long enough for retries to reach their
 * longest backoff while the broker is away.
 */
@ParameterizedClass
@MethodSource("matrix")
class KafkaOutageContractTests extends DatabaseContractTests {

	private static final int ROWS = 10_000;

	private static TcpProxy proxy;

	private static EmbeddedKafkaKraftBroker broker;

	private final ClaimMode mode;

	private final Duration outage;

	private String topic;

	/** Where this contract runs: each set is one run of every test below. */
	static Stream<Arguments> matrix() {
		return Stream.of(ContractMatrix.postgres(ClaimMode.LEADER, Duration.ofSeconds(10)),
				ContractMatrix.postgres(ClaimMode.SKIP_LOCKED, Duration.ofSeconds(30)),
				ContractMatrix.mariadb(ClaimMode.LEADER, Duration.ofSeconds(10)),
				ContractMatrix.mariadb(ClaimMode.SKIP_LOCKED, Duration.ofSeconds(10)));
	}

	KafkaOutageContractTests(Supplier<TestDatabase> databases, ClaimMode mode, Duration outage) {
		super(databases);
		this.mode = mode;
		this.outage = outage;
	}

	@BeforeAll
	static void startBrokerBehindProxy() throws IOException {
		// The embedded broker picks its own port, and must advertise the proxy's before it starts.
		proxy = new TcpProxy("localhost", 1);
		broker = new EmbeddedKafkaKraftBroker(1, 1);
		broker.brokerProperty("advertised.listeners", "EXTERNAL://127.0.0.1:" + proxy.port());
		broker.afterPropertiesSet();
		String address = broker.getBrokersAsString();
		proxy.retarget(address.substring(0, address.lastIndexOf(':')),
				Integer.parseInt(address.substring(address.lastIndexOf(':') + 1)));
	}

	@AfterAll
	static void stopBroker() throws IOException {
		broker.destroy();
		proxy.close();
	}

	@BeforeEach
	void createTableAndTopic() {
		this.database.execute(TestPurchase.TABLE_DDL);
		this.topic = "awty.outage." + UUID.randomUUID();
		broker.addTopics(this.topic);
	}

	@Test
	void brokerUnreachableMidBurstLosesNothingAndFailsNothing() {
		AwtyContexts.runner()
			.withConfiguration(AutoConfigurations.of(KafkaAutoConfiguration.class))
			.withUserConfiguration(KafkaBridgeConfiguration.class)
			.withPropertyValues(this.database.datasourceProperties())
			.withPropertyValues("spring.kafka.bootstrap-servers=127.0.0.1:" + proxy.port(),
					"spring.kafka.producer.acks=all", "test.kafka.topic=" + this.topic, "awty.claim.mode=" + this.mode,
					"awty.poller.poll-interval=100ms", "awty.poller.batch-size=50", "awty.retry.initial-backoff=500ms",
					"awty.retry.max-backoff=3s", "awty.retry.max-attempts=1000",
					// a send to an unreachable broker fails within seconds instead of the producer's two minutes
					"spring.kafka.producer.properties[max.block.ms]=500",
					"spring.kafka.producer.properties[request.timeout.ms]=3000",
					"spring.kafka.producer.properties[delivery.timeout.ms]=6000",
					"spring.kafka.producer.properties[reconnect.backoff.max.ms]=500")
			.run((context) -> {
				EventScheduler scheduler = context.getBean(EventScheduler.class);
				Instant now = Instant.now();
				for (int k = 0; k < 10; k++) {
					// rows keep falling due during the outage
					scheduler.scheduleAll(purchases(k * 1000, 1000), now.plusSeconds(2L * k));
				}
				await().atMost(Duration.ofSeconds(30))
					.pollInterval(Duration.ofMillis(5))
					.until(() -> rows("DELIVERED") >= 300);

				proxy.cut();
				// The broker stays unreachable for the whole outage while rows keep falling due and failing. Only
				// nothing FAILED is asserted meanwhile: a producer blocks in send up to max.block.ms per record, so
				// how many attempts fail during the outage depends on the publisher, not on the outage.
				await().pollDelay(this.outage).atMost(this.outage.plusSeconds(5)).until(() -> rows("FAILED") == 0);
				proxy.restore();

				await().atMost(Duration.ofMinutes(2)).until(() -> rows("DELIVERED") == ROWS);
				assertThat(rows("FAILED")).isZero();
				BrokerReceipts topicContents = readWholeTopic();
				int retries = this.jdbc.queryForObject("SELECT SUM(attempts - 1) FROM scheduled_test_purchase",
						Integer.class);
				assertThat(retries).as("failed attempts: the outage reached awty").isPositive();
				assertThat(topicContents.distinct()).as(topicContents.toString()).isEqualTo(ROWS);
				assertThat(topicContents.duplicates()).as("duplicates, only from attempts that failed")
					.isLessThanOrEqualTo(retries);
				System.out.printf("[%s, %s] Kafka unreachable for %d s mid-burst: %s in the topic (%d duplicates),"
						+ " %d retries%n", this.database, this.mode, this.outage.toSeconds(), topicContents, topicContents.duplicates(), retries);
			});
	}

	/** Every record of the topic, read from its beginning once awty is done, counted by event id. */
	private BrokerReceipts readWholeTopic() {
		BrokerReceipts receipts = new BrokerReceipts();
		DefaultKafkaConsumerFactory<String, String> consumers = new DefaultKafkaConsumerFactory<>(
				Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:" + proxy.port(), ConsumerConfig.GROUP_ID_CONFIG,
						this.topic + ".reader", ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"),
				new StringDeserializer(), new StringDeserializer());
		KafkaMessageListenerContainer<String, String> reader = new KafkaMessageListenerContainer<>(consumers,
				new ContainerProperties(this.topic));
		reader.setupMessageListener((MessageListener<String, String>) (record) -> {
			Header eventId = record.headers().lastHeader(AwtyHeaders.EVENT_ID);
			receipts.record((eventId != null) ? new String(eventId.value(), StandardCharsets.UTF_8) : null);
		});
		reader.start();
		try {
			await().atMost(Duration.ofSeconds(60)).until(() -> receipts.distinct() >= ROWS);
			int total = receipts.total();
			await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(5)).until(() -> receipts.total() == total);
			return receipts;
		}
		finally {
			reader.stop();
		}
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

}
