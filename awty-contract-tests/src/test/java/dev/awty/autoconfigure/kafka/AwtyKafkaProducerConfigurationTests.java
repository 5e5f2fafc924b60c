package dev.awty.autoconfigure.kafka;

import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;

import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The batch size of Spring Boot's Kafka producer under awty: awty's unless the service chose one. No broker is
 * needed: the producer factory connects only when a record is sent.
 */
class AwtyKafkaProducerConfigurationTests {

	private final TestDatabase database = TestDatabases.h2();

	private ApplicationContextRunner kafkaService() {
		this.database.jdbc().execute(TestPurchase.TABLE_DDL);
		return AwtyContexts.purchases(this.database, new ReceivedEvents())
			.withConfiguration(AutoConfigurations.of(KafkaAutoConfiguration.class));
	}

	@Test
	void producerBatchesAreSixtyFourKibibytesWhenTheServiceSetsNone() {
		kafkaService().run((context) -> assertThat(batchSize(context.getBean(DefaultKafkaProducerFactory.class)))
			.isEqualTo(65536));
	}

	@Test
	void theServicesBatchSizeIsKeptWhetherSetAsABootPropertyOrAsAClientProperty() {
		ApplicationContextRunner service = kafkaService();
		service.withPropertyValues("spring.kafka.producer.batch-size=8KB")
			.run((context) -> assertThat(batchSize(context.getBean(DefaultKafkaProducerFactory.class))).isEqualTo(8192));
		service.withPropertyValues("spring.kafka.producer.properties[batch.size]=32768")
			.run((context) -> assertThat(batchSize(context.getBean(DefaultKafkaProducerFactory.class)))
				.isEqualTo("32768"));
	}

	@Test
	void aServiceWithoutAwtyKeepsTheClientsDefault() {
		kafkaService().withPropertyValues("awty.enabled=false")
			.run((context) -> assertThat(context.getBean(DefaultKafkaProducerFactory.class).getConfigurationProperties())
				.doesNotContainKey(ProducerConfig.BATCH_SIZE_CONFIG));
	}

	private static Object batchSize(DefaultKafkaProducerFactory<?, ?> factory) {
		return factory.getConfigurationProperties().get(ProducerConfig.BATCH_SIZE_CONFIG);
	}

}
