package dev.awty.autoconfigure.kafka;

import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.kafka.clients.producer.ProducerConfig;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.kafka.autoconfigure.DefaultKafkaProducerFactoryCustomizer;
import org.springframework.context.annotation.Bean;

import dev.awty.autoconfigure.AwtyAutoConfiguration;
import dev.awty.autoconfigure.AwtyEventTypes;

/**
 * awty's default for Spring Boot's Kafka producer: batches of {@value #BATCH_SIZE} bytes instead of the client's
 * 16 KiB, unless the service chose a {@code batch.size} itself ({@code spring.kafka.producer.batch-size}).
 */
@AutoConfiguration(after = AwtyAutoConfiguration.class)
@ConditionalOnClass(name = { "org.springframework.boot.kafka.autoconfigure.DefaultKafkaProducerFactoryCustomizer",
		"dev.awty.integration.kafka.KafkaAcknowledgements" })
@ConditionalOnBean(AwtyEventTypes.class)
public final class AwtyKafkaProducerConfiguration {

	/**
	 * With awty's headers a record is about 120 bytes, so the client's 16 KiB batch held about 130 of them and a
	 * produce request carried about 110: the broker's and the consumer's work per request was paid again for every
	 * 110 events. Batches fill only while records wait for a request in flight, so a quiet producer sends as before;
	 * a batch is allocated at this size only when a partition has a record waiting.
	 */
	static final int BATCH_SIZE = 64 * 1024;

	private static final Log logger = LogFactory.getLog(AwtyKafkaProducerConfiguration.class);

	@Bean
	DefaultKafkaProducerFactoryCustomizer awtyKafkaProducerBatchSize() {
		return (factory) -> {
			Map<String, Object> configs = factory.getConfigurationProperties();
			if (!configs.containsKey(ProducerConfig.BATCH_SIZE_CONFIG)) {
				factory.updateConfigs(Map.of(ProducerConfig.BATCH_SIZE_CONFIG, BATCH_SIZE));
				logger.debug("awty: Kafka producer batch.size " + BATCH_SIZE
						+ " (set spring.kafka.producer.batch-size to choose another)");
			}
		};
	}

}
