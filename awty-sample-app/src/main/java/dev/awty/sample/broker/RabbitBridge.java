package dev.awty.sample.broker;

import tools.jackson.databind.json.JsonMapper;

import org.springframework.amqp.core.Binding;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.TopicExchange;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.integration.amqp.dsl.Amqp;
import org.springframework.integration.dsl.IntegrationFlow;
import org.springframework.messaging.handler.annotation.Header;

import dev.awty.AwtyHeaders;
import dev.awty.integration.amqp.AmqpAcknowledgements;
import dev.awty.sample.email.DownloadEmails;
import dev.awty.sample.purchase.PurchaseFulfilment;
import dev.awty.sample.purchase.ScheduledPurchase;

/**
 * Profile {@code rabbit}: due purchases are published to the topic exchange {@value #EXCHANGE} with their
 * type as routing key, and count as delivered once RabbitMQ confirms them; a listener on the queue bound to
 * it "sends" the emails.
 */
@Configuration(proxyBeanMethods = false)
@Profile("rabbit")
class RabbitBridge {

	static final String EXCHANGE = "awty.events";

	private final DownloadEmails emails;

	private final JsonMapper json;

	RabbitBridge(DownloadEmails emails, JsonMapper json) {
		this.emails = emails;
		this.json = json;
	}

	@Bean
	TopicExchange awtyEvents() {
		return new TopicExchange(EXCHANGE);
	}

	@Bean
	Queue downloadEmailQueue(@Value("${shop.rabbit.queue}") String queue) {
		return new Queue(queue);
	}

	@Bean
	Binding downloadEmailBinding(Queue downloadEmailQueue, TopicExchange awtyEvents) {
		return BindingBuilder.bind(downloadEmailQueue).to(awtyEvents).with(PurchaseFulfilment.TYPE);
	}

	// tag::to-rabbit[]
	@Bean
	IntegrationFlow purchasesToRabbit(RabbitTemplate rabbitTemplate) {
		return IntegrationFlow.from(PurchaseFulfilment.CHANNEL)
			.transform(ScheduledPurchase.class,
					(purchase) -> this.json.writeValueAsString(new PurchaseDue(purchase.getPurchaseId())))
			.transform(AmqpAcknowledgements.publisherConfirms()) // dev.awty.integration.amqp
			.handle(Amqp.outboundAdapter(rabbitTemplate)
				.exchangeName(EXCHANGE)
				.routingKeyExpression("headers['awty_routing_key']")) // the type name unless configured
			.get();
	}
	// end::to-rabbit[]

	@RabbitListener(queues = "${shop.rabbit.queue}")
	void receive(String body, @Header(AwtyHeaders.EVENT_ID) String eventId) {
		this.emails.send(this.json.readValue(body, PurchaseDue.class).purchaseId(), eventId);
	}

}
