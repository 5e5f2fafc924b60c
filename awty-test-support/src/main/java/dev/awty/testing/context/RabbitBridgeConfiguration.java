package dev.awty.testing.context;

import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.integration.amqp.dsl.Amqp;
import org.springframework.integration.dsl.IntegrationFlow;

import dev.awty.integration.amqp.AmqpAcknowledgements;
import dev.awty.testing.events.purchase.TestPurchase;

/**
 * An application that bridges {@link TestPurchase} events to the RabbitMQ exchange named by
 * {@code test.rabbit.exchange}, with the routing key {@code test.rabbit.routing-key} (default: the type), and
 * lets the publisher confirms decide delivery.
 */
@Configuration(proxyBeanMethods = false)
@AutoConfigurationPackage(basePackageClasses = TestPurchase.class)
public class RabbitBridgeConfiguration {

	@Bean
	IntegrationFlow purchasesToRabbit(RabbitTemplate rabbitTemplate, Environment environment) {
		String routingKey = environment.getProperty("test.rabbit.routing-key");
		return IntegrationFlow.from("testPurchases")
			.transform(TestPurchase.class, (purchase) -> "{\"purchaseId\":" + purchase.getPurchaseId() + "}")
			.transform(AmqpAcknowledgements.publisherConfirms())
			.handle(Amqp.outboundAdapter(rabbitTemplate)
				.exchangeName(environment.getRequiredProperty("test.rabbit.exchange"))
				.routingKeyFunction((message) -> (routingKey != null) ? routingKey
						: (String) message.getHeaders().get("awty_type")))
			.get();
	}

}
