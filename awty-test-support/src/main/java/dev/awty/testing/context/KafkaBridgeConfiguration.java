package dev.awty.testing.context;

import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.integration.dsl.IntegrationFlow;
import org.springframework.integration.kafka.dsl.Kafka;
import org.springframework.kafka.core.KafkaTemplate;

import dev.awty.integration.kafka.KafkaAcknowledgements;
import dev.awty.testing.events.purchase.TestPurchase;

/**
 * An application that bridges {@link TestPurchase} events to the Kafka topic named by
 * {@code test.kafka.topic} and lets the send results decide delivery.
 */
@Configuration(proxyBeanMethods = false)
@AutoConfigurationPackage(basePackageClasses = TestPurchase.class)
public class KafkaBridgeConfiguration {

	@Bean
	IntegrationFlow purchasesToKafka(KafkaTemplate<String, String> kafkaTemplate, Environment environment) {
		return IntegrationFlow.from("testPurchases")
			.transform(TestPurchase.class, (purchase) -> "{\"purchaseId\":" + purchase.getPurchaseId() + "}")
			.transform(KafkaAcknowledgements.sendResults())
			.handle(Kafka.outboundChannelAdapter(kafkaTemplate)
				.topic(environment.getRequiredProperty("test.kafka.topic"))
				.headerMapper(KafkaAcknowledgements.textHeaders())
				.futuresChannel(KafkaAcknowledgements.FUTURES_CHANNEL)
				.sendFailureChannel("nullChannel"))
			.get();
	}

}
