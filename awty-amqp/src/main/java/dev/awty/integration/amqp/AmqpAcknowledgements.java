package dev.awty.integration.amqp;

import java.util.Set;

import org.springframework.amqp.core.ReturnedMessage;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.amqp.support.AmqpHeaders;
import org.springframework.integration.transformer.Transformer;
import org.springframework.messaging.Message;

import dev.awty.integration.BrokerAcknowledgement;
import dev.awty.integration.BrokerHeaders;
import dev.awty.integration.SendScope;

/**
 * Makes a row count as delivered only once RabbitMQ confirmed its message. Put the step in front of the
 * outbound adapter:
 * <pre class="code">
 * IntegrationFlow.from("purchaseFulfilment")
 *     .transform(Transformers.toJson())
 *     .transform(AmqpAcknowledgements.publisherConfirms())
 *     .handle(Amqp.outboundAdapter(rabbitTemplate).exchangeName("awty.events").routingKeyExpression("headers.awty_routing_key"))
 * </pre>
 * It swaps awty's {@link BrokerAcknowledgement} header for a {@link CorrelationData} in
 * {@link AmqpHeaders#PUBLISH_CONFIRM_CORRELATION}, which the adapter hands to the {@code RabbitTemplate}. The
 * connection factory must have correlated publisher confirms and returns
 * ({@code spring.rabbitmq.publisher-confirm-type=correlated}, {@code spring.rabbitmq.publisher-returns=true})
 * and the template must publish mandatory ({@code spring.rabbitmq.template.mandatory=true}); without confirms
 * no answer ever comes and every publish fails after {@code awty.publish.ack-timeout} (awty logs a hint once no
 * message sent to a channel was confirmed in several parts in a row). The step must come before any executor or
 * queue channel of the flow (awty logs an error otherwise).
 * <p>
 * The step also turns awty's headers into text ({@link BrokerHeaders}). The {@code awty_routing_key} header is
 * {@code awty.types.<name>.rabbit.routing-key}, else the type name.
 * <p>
 * A positive confirm is a delivery; a negative one, a message returned as unroutable (even though the broker
 * confirms it afterwards), or a channel closed before the confirm is a failed attempt.
 */
public final class AmqpAcknowledgements {

	/** Logged once by awty when none of several parts sent to a channel is ever confirmed, their sends succeeding. */
	private static final String IF_UNANSWERED = "RabbitMQ confirms nothing unless the connection factory has"
			+ " correlated publisher confirms: set spring.rabbitmq.publisher-confirm-type=correlated (with"
			+ " spring.rabbitmq.publisher-returns=true and spring.rabbitmq.template.mandatory=true)";

	private AmqpAcknowledgements() {
	}

	/**
	 * The transformer that correlates each message with its publisher confirm; messages not published by
	 * awty pass unchanged.
	 */
	public static Transformer publisherConfirms() {
		return AmqpAcknowledgements::correlate;
	}

	/**
	 * A {@link SendScope} that sends each batch of the given channels (all channels when none are named) on one
	 * channel of {@code rabbitTemplate}, the template the outbound adapter uses: without it, every message takes
	 * a channel from the connection factory's cache, and since a channel with confirms outstanding does not go
	 * back to the cache until they arrive, a busy publisher opens a new one (a round trip to RabbitMQ) for
	 * nearly every message. Declare it as a bean:
	 * <pre class="code">
	 * &#64;Bean
	 * SendScope purchasesOnOneRabbitChannel(RabbitTemplate rabbitTemplate) {
	 *     return AmqpAcknowledgements.oneChannelPerBatch(rabbitTemplate, "purchaseFulfilment");
	 * }
	 * </pre>
	 * Name the channels whose flows end in that template's adapter: the scope takes the RabbitMQ channel before
	 * the first send, so a batch of any other channel would need RabbitMQ too.
	 */
	public static SendScope oneChannelPerBatch(RabbitTemplate rabbitTemplate, String... channels) {
		Set<String> names = Set.of(channels);
		return (channel, sends) -> {
			if (!names.isEmpty() && !names.contains(channel)) {
				sends.run();
				return;
			}
			rabbitTemplate.invoke((operations) -> {
				sends.run();
				return null;
			});
		};
	}

	private static Message<?> correlate(Message<?> message) {
		BrokerAcknowledgement acknowledgement = BrokerAcknowledgement.of(message);
		if (acknowledgement == null) {
			return message;
		}
		CorrelationData correlation = new CorrelationData();
		acknowledgement.expect(IF_UNANSWERED);
		correlation.getFuture().whenComplete((confirm, failure) -> {
			ReturnedMessage returned = correlation.getReturned();
			if (failure != null) {
				acknowledgement.rejected(failure);
			}
			else if (returned != null) {
				acknowledgement.rejected("returned by RabbitMQ as unroutable: " + returned.getReplyCode() + " "
						+ returned.getReplyText() + " (exchange '" + returned.getExchange() + "', routing key '"
						+ returned.getRoutingKey() + "')");
			}
			else if (!confirm.ack()) {
				acknowledgement.rejected("negatively confirmed by RabbitMQ: " + confirm.reason());
			}
			else {
				acknowledgement.acknowledged();
			}
		});
		return BrokerHeaders.textCopy(message)
			.removeHeader(BrokerAcknowledgement.HEADER)
			.setHeader(AmqpHeaders.PUBLISH_CONFIRM_CORRELATION, correlation)
			.build();
	}

}
