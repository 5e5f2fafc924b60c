package dev.awty.benchmarks.broker;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.integration.dsl.IntegrationFlow;
import org.springframework.integration.kafka.dsl.Kafka;
import org.springframework.kafka.core.KafkaTemplate;

import dev.awty.benchmarks.awty.BenchEvent;
import dev.awty.integration.kafka.KafkaAcknowledgements;

/**
 * awty bridging the benchmark's event type to a Kafka topic, as a service would: the row as text, the send
 * result deciding delivery.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration(excludeName = { "org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration",
		"org.springframework.boot.data.jpa.autoconfigure.DataJpaRepositoriesAutoConfiguration",
		"org.springframework.boot.amqp.autoconfigure.RabbitAutoConfiguration" })
@AutoConfigurationPackage(basePackageClasses = BenchEvent.class)
public class KafkaBenchApplication {

	static final String TOPIC = "bench.kafka.topic";

	@Bean
	IntegrationFlow benchToKafka(KafkaTemplate<String, String> kafkaTemplate, Environment environment) {
		return IntegrationFlow.from(BenchEvent.CHANNEL)
			.transform(BenchEvent.class, (event) -> BenchMessages.body(event.getSeq()))
			.transform(KafkaAcknowledgements.sendResults())
			.handle(Kafka.outboundChannelAdapter(kafkaTemplate)
				.topic(environment.getRequiredProperty(TOPIC))
				.headerMapper(KafkaAcknowledgements.textHeaders())
				.futuresChannel(KafkaAcknowledgements.FUTURES_CHANNEL)
				.sendFailureChannel("nullChannel"))
			.get();
	}

}
