package dev.awty.benchmarks.broker;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

import dev.awty.benchmarks.harness.Receiver;

/**
 * Kafka at {@code AWTY_TEST_KAFKA_URL} (bootstrap servers), else spring-kafka-test's embedded KRaft broker in
 * this JVM: a one-partition topic per run; the raw loop and awty both produce with {@code acks=all} and
 * idempotence.
 */
public final class KafkaBench implements BenchBroker {

	private static final Log logger = LogFactory.getLog(KafkaBench.class);

	public static final String URL_VARIABLE = "AWTY_TEST_KAFKA_URL";

	private static final int WARM_UP_ROWS = 400_000;

	private final @Nullable EmbeddedKafkaKraftBroker embedded;

	private final String bootstrap;

	private final Admin admin;

	private final DefaultKafkaProducerFactory<String, String> producers;

	private final KafkaTemplate<String, String> template;

	public KafkaBench() {
		String configured = System.getenv(URL_VARIABLE);
		if (configured == null || configured.isBlank()) {
			this.embedded = new EmbeddedKafkaKraftBroker(1, 1);
			this.embedded.afterPropertiesSet();
			this.bootstrap = this.embedded.getBrokersAsString();
		}
		else {
			this.embedded = null;
			this.bootstrap = configured.replace("PLAINTEXT://", "");
		}
		this.admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, this.bootstrap));
		this.producers = new DefaultKafkaProducerFactory<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, this.bootstrap,
				ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true),
				new StringSerializer(), new StringSerializer());
		this.template = new KafkaTemplate<>(this.producers);
	}

	/** Where the broker is: {@code embedded} or the bootstrap servers given. */
	public String location() {
		return (this.embedded != null) ? "embedded KRaft broker" : this.bootstrap;
	}

	@Override
	public String name() {
		return "kafka";
	}

	@Override
	public Class<?> application() {
		return KafkaBenchApplication.class;
	}

	/**
	 * Eight times the rows, at most {@value #WARM_UP_ROWS}. A repetition of 50,000 rows lasts one to three seconds,
	 * while the JIT compilers were still busy with awty's and Spring Integration's code for the first 400,000 or so:
	 * in repetitions of 200,000 warmed with 20,000, their threads took half of the process's CPU, and awty's first
	 * three repetitions ran at 30,000, 40,000 and 47,000 events/s. A short warm-up measured the compilers, the more so
	 * for the system with more code.
	 */
	@Override
	public int warmUpRows(int rows) {
		return Math.max(rows, Math.min(WARM_UP_ROWS, 8 * rows));
	}

	@Override
	public Destination open(Receiver receiver) {
		String topic = "awty.bench." + UUID.randomUUID();
		try {
			this.admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(60, TimeUnit.SECONDS);
		}
		catch (Exception ex) {
			throw new IllegalStateException("cannot create topic " + topic + " on " + this.bootstrap, ex);
		}
		Consuming consuming = new Consuming(topic, receiver);
		Thread thread = new Thread(consuming, "bench-kafka-consumer");
		thread.setDaemon(true);
		thread.start();
		return new Destination() {

			@Override
			public void sendAll(List<Long> seqs) {
				KafkaBench.this.sendAll(topic, seqs);
			}

			@Override
			public Map<String, Object> awtyProperties() {
				return Map.of("spring.kafka.bootstrap-servers", KafkaBench.this.bootstrap, "spring.kafka.producer.acks",
						"all", "spring.kafka.producer.properties[enable.idempotence]", true, KafkaBenchApplication.TOPIC,
						topic);
			}

			@Override
			public void close() {
				consuming.stop();
				try {
					thread.join(10_000);
					KafkaBench.this.admin.deleteTopics(List.of(topic)).all().get(60, TimeUnit.SECONDS);
				}
				catch (Exception ex) {
					throw new IllegalStateException("cannot delete topic " + topic, ex);
				}
			}

		};
	}

	private void sendAll(String topic, List<Long> seqs) {
		List<CompletableFuture<SendResult<String, String>>> sends = new ArrayList<>(seqs.size());
		for (long seq : seqs) {
			ProducerRecord<String, String> record = new ProducerRecord<>(topic, BenchMessages.body(seq));
			BenchMessages.headers(seq)
				.forEach((name, value) -> record.headers().add(name, value.getBytes(StandardCharsets.UTF_8)));
			sends.add(this.template.send(record));
		}
		for (CompletableFuture<SendResult<String, String>> send : sends) {
			try {
				send.get(30, TimeUnit.SECONDS);
			}
			catch (Exception ex) {
				throw new IllegalStateException("Kafka refused a record of the raw loop", ex);
			}
		}
	}

	@Override
	public void close() {
		this.producers.destroy();
		this.admin.close();
		if (this.embedded != null) {
			this.embedded.destroy();
		}
	}

	/** Reads the topic's one partition from the start, without a consumer group (no rebalance to wait for). */
	private final class Consuming implements Runnable {

		private final String topic;

		private final Receiver receiver;

		private volatile boolean running = true;

		Consuming(String topic, Receiver receiver) {
			this.topic = topic;
			this.receiver = receiver;
		}

		void stop() {
			this.running = false;
		}

		@Override
		public void run() {
			try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(
					Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, KafkaBench.this.bootstrap,
							ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false, ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000),
					new StringDeserializer(), new StringDeserializer())) {
				TopicPartition partition = new TopicPartition(this.topic, 0);
				consumer.assign(List.of(partition));
				consumer.seekToBeginning(List.of(partition));
				long records = 0;
				long bytes = 0;
				while (this.running) {
					for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(100))) {
						BenchMessages.receive(this.receiver, record.value());
						records++;
						bytes += Math.max(0, record.serializedKeySize()) + Math.max(0, record.serializedValueSize());
						for (Header header : record.headers()) {
							bytes += header.key().length() + ((header.value() != null) ? header.value().length : 0);
						}
						if (records == 1 && logger.isDebugEnabled()) {
							logger.debug("first record's headers: " + record.headers());
						}
					}
				}
				// the broker's cost is per request, and a request carries a batch of at most batch.size bytes
				logger.info(String.format("kafka consumer: %,d records, %,.0f bytes per record (key, value, headers)",
						records, (records > 0) ? (double) bytes / records : 0.0));
			}
		}

	}

}
