package dev.awty.broker;

import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.DirectExchange;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;
import org.springframework.boot.amqp.autoconfigure.RabbitAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.integration.support.MessageBuilder;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

import dev.awty.AwtyHeaders;
import dev.awty.EventScheduler;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.PublishOutcome;
import dev.awty.testing.AwtyContexts;
import dev.awty.testing.KafkaBridgeConfiguration;
import dev.awty.testing.PurchaseConsumerConfiguration;
import dev.awty.testing.RabbitBridgeConfiguration;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.TestRabbit;
import dev.awty.testing.events.purchase.TestPurchase;

/**
 * Events per second delivered with broker acknowledgements: awty's full path (claim on PostgreSQL,
 * publish, await the acknowledgements, mark) against a raw template loop publishing the same messages in
 * batches of the same size and awaiting their acknowledgements, in the same run. It prints figures and
 * asserts nothing; surefire runs it only when named:
 * {@code ./mvnw -B -pl awty-spring-boot-autoconfigure -am verify -Dtest=BrokerThroughputMeasurement
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class BrokerThroughputMeasurement {

	private static final int EVENTS = 20_000;

	private static final int WARM_UP = 5_000;

	private static final int BATCH = 500;

	@Test
	void rabbitMq() throws Exception {
		CachingConnectionFactory connections = TestRabbit.connectionFactory();
		connections.setPublisherConfirmType(CachingConnectionFactory.ConfirmType.CORRELATED);
		connections.setPublisherReturns(true);
		RabbitAdmin admin = new RabbitAdmin(connections);
		String exchange = "awty.throughput." + UUID.randomUUID();
		DirectExchange directExchange = new DirectExchange(exchange, false, true);
		Queue queue = new Queue(exchange, false, false, true);
		admin.declareExchange(directExchange);
		admin.declareQueue(queue);
		admin.declareBinding(BindingBuilder.bind(queue).to(directExchange).with("test_purchase"));
		SimpleMessageListenerContainer drain = new SimpleMessageListenerContainer(connections);
		drain.setQueueNames(exchange);
		drain.setMessageListener((message) -> {
		});
		drain.start();
		try {
			RabbitTemplate template = new RabbitTemplate(connections);
			template.setMandatory(true);
			rawRabbit(template, exchange, WARM_UP);
			double raw = rawRabbit(template, exchange, EVENTS);
			ApplicationContextRunner app = AwtyContexts.runner()
				.withConfiguration(AutoConfigurations.of(RabbitAutoConfiguration.class))
				.withUserConfiguration(RabbitBridgeConfiguration.class)
				.withPropertyValues(TestRabbit.confirmingProperties(TestRabbit.host(), TestRabbit.port()))
				.withPropertyValues("test.rabbit.exchange=" + exchange);
			report("RabbitMQ, publisher confirms", app, raw);
		}
		finally {
			drain.stop();
			admin.deleteQueue(exchange);
			admin.deleteExchange(exchange);
			connections.destroy();
		}
	}

	@Test
	void kafka() throws Exception {
		EmbeddedKafkaKraftBroker broker = new EmbeddedKafkaKraftBroker(1, 1);
		broker.afterPropertiesSet();
		String topic = "awty.throughput." + UUID.randomUUID();
		broker.addTopics(topic);
		DefaultKafkaProducerFactory<String, String> producers = new DefaultKafkaProducerFactory<>(
				Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.getBrokersAsString(), ProducerConfig.ACKS_CONFIG,
						"all"),
				new StringSerializer(), new StringSerializer());
		try {
			KafkaTemplate<String, String> template = new KafkaTemplate<>(producers);
			rawKafka(template, topic, WARM_UP);
			double raw = rawKafka(template, topic, EVENTS);
			ApplicationContextRunner app = AwtyContexts.runner()
				.withConfiguration(AutoConfigurations.of(KafkaAutoConfiguration.class))
				.withUserConfiguration(KafkaBridgeConfiguration.class)
				.withPropertyValues("spring.kafka.bootstrap-servers=" + broker.getBrokersAsString(),
						"spring.kafka.producer.acks=all", "test.kafka.topic=" + topic);
			report("Kafka, acks=all (embedded KRaft broker)", app, raw);
		}
		finally {
			producers.destroy();
			broker.destroy();
		}
	}

	/** The same measurement with an in-process consumer: what the database side alone allows. */
	@Test
	void inProcessCeiling() {
		ApplicationContextRunner app = AwtyContexts.runner()
			.withUserConfiguration(PurchaseConsumerConfiguration.class)
			.withBean(ReceivedEvents.class, ReceivedEvents::new);
		double leader = awty(app);
		double skipLocked = awty(app.withPropertyValues("awty.claim.mode=skip-locked", "awty.poller.concurrency=2"));
		System.out.printf("[throughput] in-process channel, no broker: awty leader %,.0f events/s, skip-locked x2 %,.0f"
				+ " events/s%n", leader, skipLocked);
	}

	private static double rawRabbit(RabbitTemplate template, String exchange, int events) throws Exception {
		long start = System.nanoTime();
		for (int first = 0; first < events; first += BATCH) {
			List<CorrelationData> confirms = new ArrayList<>(BATCH);
			for (int i = first; i < first + BATCH; i++) {
				MessageProperties properties = new MessageProperties();
				headers(i).forEach(properties::setHeader);
				CorrelationData correlation = new CorrelationData();
				template.send(exchange, "test_purchase", new Message(body(i).getBytes(StandardCharsets.UTF_8), properties),
						correlation);
				confirms.add(correlation);
			}
			for (CorrelationData correlation : confirms) {
				if (!correlation.getFuture().get(10, TimeUnit.SECONDS).ack() || correlation.getReturned() != null) {
					throw new IllegalStateException("RabbitMQ refused a message of the raw loop");
				}
			}
		}
		return events / seconds(start);
	}

	private static double rawKafka(KafkaTemplate<String, String> template, String topic, int events) throws Exception {
		long start = System.nanoTime();
		for (int first = 0; first < events; first += BATCH) {
			List<CompletableFuture<SendResult<String, String>>> sends = new ArrayList<>(BATCH);
			for (int i = first; i < first + BATCH; i++) {
				ProducerRecord<String, String> record = new ProducerRecord<>(topic, body(i));
				headers(i).forEach((name, value) -> record.headers()
					.add(name, String.valueOf(value).getBytes(StandardCharsets.UTF_8)));
				sends.add(template.send(record));
			}
			for (CompletableFuture<SendResult<String, String>> send : sends) {
				send.get(10, TimeUnit.SECONDS);
			}
		}
		return events / seconds(start);
	}

	/** Delivers a warm-up burst, then measures a burst of rows all due at one instant, on PostgreSQL. */
	private static double awty(ApplicationContextRunner runner) {
		TestDatabase database = TestDatabases.postgres();
		JdbcTemplate jdbc = database.jdbc();
		jdbc.execute(TestPurchase.TABLE_DDL);
		jdbc.execute("CREATE INDEX scheduled_test_purchase_due ON scheduled_test_purchase (due_at) WHERE status = 'PENDING'");
		double[] rate = new double[1];
		runner.withPropertyValues(database.datasourceProperties())
			.withPropertyValues("awty.poller.batch-size=" + BATCH, "awty.poller.poll-interval=50ms")
			.run((context) -> {
				EventScheduler scheduler = context.getBean(EventScheduler.class);
				scheduler.scheduleAll(purchases(0, WARM_UP), Instant.now().minusSeconds(1));
				awaitDelivered(jdbc, WARM_UP);
				Instant dueAt = Instant.now().plusSeconds(5);
				scheduler.scheduleAll(purchases(WARM_UP, EVENTS), dueAt);
				awaitDelivered(jdbc, WARM_UP + EVENTS);
				Timestamp last = jdbc.queryForObject("SELECT MAX(delivered_at) FROM scheduled_test_purchase",
						Timestamp.class);
				rate[0] = EVENTS / (Duration.between(dueAt, last.toInstant()).toNanos() / 1e9);
			});
		return rate[0];
	}

	private static void awaitDelivered(JdbcTemplate jdbc, int count) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
		while (jdbc.queryForObject("SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = 'DELIVERED'",
				Integer.class) < count) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("not all rows were delivered within 5 minutes");
			}
			Thread.sleep(20);
		}
	}

	private static List<TestPurchase> purchases(int first, int count) {
		List<TestPurchase> purchases = new ArrayList<>(count);
		IntStream.range(first, first + count).forEach((i) -> purchases.add(new TestPurchase(i)));
		return purchases;
	}

	private static String body(int i) {
		return "{\"purchaseId\":" + i + "}";
	}

	private static Map<String, Object> headers(int i) {
		return Map.of(AwtyHeaders.EVENT_ID, "test_purchase/" + i + "/1", AwtyHeaders.TYPE, "test_purchase",
				AwtyHeaders.DUE_AT, Instant.now().toString(), AwtyHeaders.ATTEMPT, 1);
	}

	private static double seconds(long startNanos) {
		return (System.nanoTime() - startNanos) / 1e9;
	}

	/**
	 * Measures awty in the default leader mode and in skip-locked mode with two batches in flight, and its
	 * publisher alone (the flow and the acknowledgements, no database).
	 */
	private static void report(String broker, ApplicationContextRunner app, double raw) {
		double publisher = publisherAlone(app);
		double leader = awty(app);
		double skipLocked = awty(app.withPropertyValues("awty.claim.mode=skip-locked", "awty.poller.concurrency=2"));
		System.out.printf("[throughput] %s: raw template loop %,.0f events/s; awty leader %,.0f events/s (ratio %.2f),"
				+ " skip-locked x2 %,.0f events/s (ratio %.2f); awty's publisher alone %,.0f events/s%n", broker, raw,
				leader, leader / raw, skipLocked, skipLocked / raw, publisher);
	}

	private static double publisherAlone(ApplicationContextRunner app) {
		TestDatabase database = TestDatabases.h2();
		database.jdbc().execute(TestPurchase.TABLE_DDL);
		double[] rate = new double[1];
		app.withPropertyValues(database.datasourceProperties()).run((context) -> {
			EventPublisher publisher = context.getBean(EventPublisher.class);
			for (int round = 0; round < 2; round++) {
				long start = System.nanoTime();
				for (int first = 0; first < EVENTS; first += BATCH) {
					List<org.springframework.messaging.Message<?>> messages = new ArrayList<>(BATCH);
					for (int i = first; i < first + BATCH; i++) {
						messages.add(MessageBuilder.withPayload(new TestPurchase(i)).copyHeaders(headers(i)).build());
					}
					if (!publisher.publish("testPurchases", messages).stream().allMatch(PublishOutcome::succeeded)) {
						throw new IllegalStateException("a message was not acknowledged");
					}
				}
				rate[0] = EVENTS / seconds(start);
			}
		});
		return rate[0];
	}

}
