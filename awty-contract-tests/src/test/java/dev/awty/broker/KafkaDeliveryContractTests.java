package dev.awty.broker;

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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
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
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Delivery through a Spring Integration flow ending in Kafka's outbound adapter, with the send results
 * deciding which rows count as delivered, against spring-kafka-test's embedded KRaft broker; run on every
 * database from its matrix below.
 */
@ParameterizedClass
@MethodSource("matrix")
class KafkaDeliveryContractTests extends DatabaseContractTests {

	private static EmbeddedKafkaKraftBroker broker;

	private String topic;

	private KafkaMessageListenerContainer<String, String> consumer;

	private final BrokerReceipts receipts = new BrokerReceipts();

	private final ClaimMode mode;

	/** Where this contract runs: each set is one run of every test below. */
	static Stream<Arguments> matrix() {
		return ContractMatrix.everyDatabaseInBothClaimModes();
	}

	KafkaDeliveryContractTests(Supplier<TestDatabase> databases, ClaimMode mode) {
		super(databases);
		this.mode = mode;
	}

	@BeforeAll
	static void startBroker() {
		broker = new EmbeddedKafkaKraftBroker(1, 1);
		broker.afterPropertiesSet();
	}

	@AfterAll
	static void stopBroker() {
		broker.destroy();
	}

	@BeforeEach
	void createTopicAndConsumer() {
		this.database.execute(TestPurchase.TABLE_DDL);
		this.topic = "awty.test." + UUID.randomUUID();
		broker.addTopics(this.topic);
		DefaultKafkaConsumerFactory<String, String> consumers = new DefaultKafkaConsumerFactory<>(
				Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.getBrokersAsString(), ConsumerConfig.GROUP_ID_CONFIG,
						this.topic, ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"),
				new StringDeserializer(), new StringDeserializer());
		this.consumer = new KafkaMessageListenerContainer<>(consumers, new ContainerProperties(this.topic));
		this.consumer.setupMessageListener((MessageListener<String, String>) (record) -> {
			Header eventId = record.headers().lastHeader(AwtyHeaders.EVENT_ID);
			this.receipts.record((eventId != null) ? new String(eventId.value(), StandardCharsets.UTF_8) : null);
		});
		this.consumer.start();
	}

	@AfterEach
	void stopConsumer() {
		this.consumer.stop();
	}

	private ApplicationContextRunner publishing() {
		return AwtyContexts.runner()
			.withConfiguration(AutoConfigurations.of(KafkaAutoConfiguration.class))
			.withUserConfiguration(KafkaBridgeConfiguration.class)
			.withPropertyValues(this.database.datasourceProperties())
			.withPropertyValues("spring.kafka.bootstrap-servers=" + broker.getBrokersAsString(),
					"spring.kafka.producer.acks=all", "test.kafka.topic=" + this.topic, "awty.poller.poll-interval=100ms",
					"awty.claim.mode=" + this.mode);
	}

	@Test
	void tenThousandRowBurstReachesTheBrokerConsumerExactlyOnce() {
		publishing().run((context) -> {
			context.getBean(EventScheduler.class).scheduleAll(purchases(10_000), Instant.now().minusSeconds(1));

			await().atMost(Duration.ofMinutes(2)).until(() -> rows("DELIVERED") == 10_000);
			// and no second copy follows
			await().atMost(Duration.ofSeconds(30)).until(() -> this.receipts.total() >= 10_000);
			await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2)).until(() -> this.receipts.total() == 10_000);

			assertThat(this.receipts.distinct()).as(this.receipts.toString()).isEqualTo(10_000);
			assertThat(this.receipts.total()).as(this.receipts.toString()).isEqualTo(10_000);
		});
	}

	@Test
	void recordTheProducerRefusesIsAFailedAttemptNotADelivery() {
		publishing()
			.withPropertyValues("spring.kafka.producer.properties[max.request.size]=64", "awty.retry.initial-backoff=1h",
					"awty.retry.max-backoff=1h")
			.run((context) -> {
				long id = context.getBean(EventScheduler.class).schedule(new TestPurchase(1), Instant.now().minusSeconds(1));

				await().atMost(Duration.ofSeconds(30)).until(() -> attempts(id) == 1);

				assertThat(this.jdbc.queryForMap("SELECT status, last_error FROM scheduled_test_purchase WHERE id = ?", id))
					.containsEntry("STATUS", "PENDING")
					.hasEntrySatisfying("LAST_ERROR",
							(error) -> assertThat((String) error).startsWith("RecordTooLargeException: "));
				assertThat(this.receipts.total()).isZero();
			});
	}

	private static List<TestPurchase> purchases(int count) {
		List<TestPurchase> purchases = new ArrayList<>(count);
		IntStream.range(0, count).forEach((i) -> purchases.add(new TestPurchase(i)));
		return purchases;
	}

	private int rows(String status) {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = ?", Integer.class,
				status);
	}

	private int attempts(long id) {
		return this.jdbc.queryForObject("SELECT attempts FROM scheduled_test_purchase WHERE id = ?", Integer.class, id);
	}

}
