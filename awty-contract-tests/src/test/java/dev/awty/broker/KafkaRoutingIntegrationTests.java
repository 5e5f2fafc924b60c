package dev.awty.broker;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.KafkaMessageListenerContainer;
import org.springframework.kafka.listener.MessageListener;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

import dev.awty.AwtyConfigurationException;
import dev.awty.EventScheduler;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.context.RoutedBrokerConfigurations;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The Kafka options of a type, {@code awty.types.<name>.kafka.topic} and {@code .key}, and the text headers,
 * as a plain Kafka consumer sees them on spring-kafka-test's embedded KRaft broker. Where the rows live does not
 * matter here, so the test runs on H2 only.
 */
class KafkaRoutingIntegrationTests {

	private static EmbeddedKafkaKraftBroker broker;

	private TestDatabase database;

	private String topic;

	private KafkaMessageListenerContainer<String, String> consumer;

	private final List<ConsumerRecord<String, String>> received = new CopyOnWriteArrayList<>();

	@BeforeAll
	static void startBroker() {
		broker = new EmbeddedKafkaKraftBroker(1, 3);
		broker.afterPropertiesSet();
	}

	@AfterAll
	static void stopBroker() {
		broker.destroy();
	}

	@BeforeEach
	void createTopicAndConsumer() {
		this.database = TestDatabases.h2();
		this.database.execute(TestPurchase.TABLE_DDL);
		this.topic = "awty.routed." + UUID.randomUUID();
		broker.addTopics(this.topic);
		DefaultKafkaConsumerFactory<String, String> consumers = new DefaultKafkaConsumerFactory<>(
				Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.getBrokersAsString(), ConsumerConfig.GROUP_ID_CONFIG,
						this.topic, ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"),
				new StringDeserializer(), new StringDeserializer());
		this.consumer = new KafkaMessageListenerContainer<>(consumers, new ContainerProperties(this.topic));
		this.consumer.setupMessageListener((MessageListener<String, String>) this.received::add);
		this.consumer.start();
	}

	@AfterEach
	void stopConsumer() {
		this.consumer.stop();
	}

	private ApplicationContextRunner routed(String... properties) {
		return AwtyContexts.runner()
			.withConfiguration(AutoConfigurations.of(KafkaAutoConfiguration.class))
			.withUserConfiguration(RoutedBrokerConfigurations.ToKafka.class)
			.withPropertyValues(this.database.datasourceProperties())
			.withPropertyValues("spring.kafka.bootstrap-servers=" + broker.getBrokersAsString(),
					"spring.kafka.producer.acks=all", "awty.poller.poll-interval=100ms")
			.withPropertyValues(properties);
	}

	@Test
	void recordsGoToTheConfiguredTopicKeyedByTheConfiguredPropertySoOnePurchaseKeepsOnePartition() {
		routed("awty.types.test_purchase.kafka.topic=" + this.topic, "awty.types.test_purchase.kafka.key=purchaseId")
			.run((context) -> {
				EventScheduler scheduler = context.getBean(EventScheduler.class);
				Instant due = Instant.now().minusSeconds(1);
				for (int round = 0; round < 3; round++) {
					for (int purchase = 1; purchase <= 4; purchase++) {
						scheduler.schedule(new TestPurchase(purchase), due);
					}
				}

				await().atMost(Duration.ofSeconds(60)).until(() -> this.received.size() >= 12);

				assertThat(this.received).hasSize(12).allSatisfy((record) -> {
					assertThat(record.topic()).isEqualTo(this.topic);
					assertThat(record.key()).isEqualTo(record.value().replaceAll("\\D", ""));
				});
				for (int purchase = 1; purchase <= 4; purchase++) {
					String key = String.valueOf(purchase);
					assertThat(this.received.stream().filter((record) -> key.equals(record.key())).map(ConsumerRecord::partition))
						.as("partitions of purchase %s", key)
						.hasSize(3)
						.containsOnly(this.received.stream().filter((record) -> key.equals(record.key())).findFirst().get().partition());
				}
			});
	}

	@Test
	void awtyHeadersArriveAsPlainUtf8Text() {
		routed("awty.types.test_purchase.kafka.topic=" + this.topic).run((context) -> {
			Instant due = Instant.parse("2026-01-02T03:04:05.678Z");
			long id = context.getBean(EventScheduler.class).schedule(new TestPurchase(7), due);

			await().atMost(Duration.ofSeconds(60)).until(() -> !this.received.isEmpty());

			ConsumerRecord<String, String> record = this.received.get(0);
			assertThat(record.key()).as("no key property configured").isNull();
			assertThat(text(record, "awty_event_id")).isEqualTo("test_purchase/" + id + "/1");
			assertThat(text(record, "awty_type")).isEqualTo("test_purchase");
			assertThat(text(record, "awty_attempt")).isEqualTo("1");
			assertThat(text(record, "awty_due_at")).isEqualTo("2026-01-02T03:04:05.678Z");
			assertThat(text(record, "awty_routing_key")).isEqualTo("test_purchase");
			// KafkaAcknowledgements.textHeaders(): the text headers and nothing else, no JSON map of Java types
			assertThat(record.headers()).extracting(Header::key)
				.containsExactlyInAnyOrder("awty_event_id", "awty_type", "awty_attempt", "awty_due_at", "awty_routing_key");
		});
	}

	@Test
	void failsAtStartupNamingTheKeyPropertyWhenTheTypeHasNoSuchProperty() {
		routed("awty.types.test_purchase.kafka.topic=" + this.topic, "awty.types.test_purchase.kafka.key=customerId")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause()
					.isInstanceOf(AwtyConfigurationException.class)
					.hasMessage("awty.types.test_purchase.kafka.key is 'customerId', but "
							+ TestPurchase.class.getName() + " has no such property");
				assertThat(((AwtyConfigurationException) rootCause(context.getStartupFailure())).getAction())
					.isEqualTo("Use one of its properties [purchaseId] (or their column names), or remove"
							+ " awty.types.test_purchase.kafka.key.");
			});
	}

	@Test
	void failsAtStartupNamingTheTopicPropertyWhenKafkaWouldRefuseTheName() {
		routed("awty.types.test_purchase.kafka.topic=shop purchases").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(AwtyConfigurationException.class)
				.hasMessage("awty.types.test_purchase.kafka.topic is 'shop purchases', which Kafka refuses as a topic name");
		});
	}

	private static String text(ConsumerRecord<String, String> record, String name) {
		Header header = record.headers().lastHeader(name);
		assertThat(header).as("header %s", name).isNotNull();
		return new String(header.value(), StandardCharsets.UTF_8);
	}

	private static Throwable rootCause(Throwable failure) {
		Throwable cause = failure;
		while (cause.getCause() != null && cause.getCause() != cause) {
			cause = cause.getCause();
		}
		return cause;
	}

}
