package dev.awty.benchmarks.broker;

import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.integration.amqp.dsl.Amqp;
import org.springframework.integration.dsl.IntegrationFlow;

import dev.awty.benchmarks.awty.BenchEvent;
import dev.awty.integration.SendScope;
import dev.awty.integration.amqp.AmqpAcknowledgements;

/**
 * awty bridging the benchmark's event type to a RabbitMQ exchange, as a service would: the row as text, the
 * publisher confirm deciding delivery, each batch sent on one RabbitMQ channel.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration(excludeName = { "org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration",
		"org.springframework.boot.data.jpa.autoconfigure.DataJpaRepositoriesAutoConfiguration",
		"org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration" })
@AutoConfigurationPackage(basePackageClasses = BenchEvent.class)
public class RabbitBenchApplication {

	static final String EXCHANGE = "bench.rabbit.exchange";

	@Bean
	IntegrationFlow benchToRabbit(RabbitTemplate rabbitTemplate, Environment environment) {
		return IntegrationFlow.from(BenchEvent.CHANNEL)
			.transform(BenchEvent.class, (event) -> BenchMessages.body(event.getSeq()))
			.transform(AmqpAcknowledgements.publisherConfirms())
			.handle(Amqp.outboundAdapter(rabbitTemplate)
				.exchangeName(environment.getRequiredProperty(EXCHANGE))
				.routingKey(BenchMessages.ROUTING_KEY))
			.get();
	}

	@Bean
	SendScope benchOnOneRabbitChannel(RabbitTemplate rabbitTemplate) {
		return AmqpAcknowledgements.oneChannelPerBatch(rabbitTemplate, BenchEvent.CHANNEL);
	}

}
