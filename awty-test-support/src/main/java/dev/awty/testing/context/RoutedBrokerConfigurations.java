package dev.awty.testing.context;

import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.integration.amqp.dsl.Amqp;
import org.springframework.integration.dsl.IntegrationFlow;
import org.springframework.integration.kafka.dsl.Kafka;
import org.springframework.kafka.core.KafkaTemplate;

import dev.awty.integration.amqp.AmqpAcknowledgements;
import dev.awty.integration.kafka.KafkaAcknowledgements;
import dev.awty.testing.events.purchase.TestPurchase;

/**
 * Applications whose outbound adapters name no topic, key or routing key: where {@link TestPurchase} events go
 * is left to awty's {@code awty.types.test_purchase.kafka.*} and {@code .rabbit.*} settings.
 */
public final class RoutedBrokerConfigurations {

	private RoutedBrokerConfigurations() {
	}

	/** Bridges to Kafka through the topic and key headers awty sets. */
	@Configuration(proxyBeanMethods = false)
	@AutoConfigurationPackage(basePackageClasses = TestPurchase.class)
	public static class ToKafka {

		@Bean
		IntegrationFlow purchasesToKafka(KafkaTemplate<String, String> kafkaTemplate) {
			return IntegrationFlow.from("testPurchases")
				.transform(TestPurchase.class, (purchase) -> "{\"purchaseId\":" + purchase.getPurchaseId() + "}")
				.transform(KafkaAcknowledgements.sendResults())
				.handle(Kafka.outboundChannelAdapter(kafkaTemplate)
					.headerMapper(KafkaAcknowledgements.textHeaders())
					.futuresChannel(KafkaAcknowledgements.FUTURES_CHANNEL)
					.sendFailureChannel("nullChannel"))
				.get();
		}

	}

	/** Bridges to the RabbitMQ exchange {@code test.rabbit.exchange} with the routing key awty sets. */
	@Configuration(proxyBeanMethods = false)
	@AutoConfigurationPackage(basePackageClasses = TestPurchase.class)
	public static class ToRabbit {

		@Bean
		IntegrationFlow purchasesToRabbit(RabbitTemplate rabbitTemplate, Environment environment) {
			return IntegrationFlow.from("testPurchases")
				.transform(TestPurchase.class, (purchase) -> "{\"purchaseId\":" + purchase.getPurchaseId() + "}")
				.transform(AmqpAcknowledgements.publisherConfirms())
				.handle(Amqp.outboundAdapter(rabbitTemplate)
					.exchangeName(environment.getRequiredProperty("test.rabbit.exchange"))
					.routingKeyExpression("headers.awty_routing_key"))
				.get();
		}

	}

}
