package dev.awty.integration;

import java.util.Map;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import org.springframework.integration.support.AbstractIntegrationMessageBuilder;
import org.springframework.integration.support.MutableMessageBuilder;
import org.springframework.messaging.Message;

import dev.awty.AwtyHeaders;

/**
 * Puts each type's {@link BrokerRoute} into the headers of its messages: the {@code awty_routing_key} header
 * always, and the Kafka topic and record key headers when configured.
 */
final class RouteHeaders {

	/** Spring Kafka's {@code KafkaHeaders.TOPIC}, read by the outbound adapter when it names no topic itself. */
	private static final String KAFKA_TOPIC = "kafka_topic";

	/** Spring Kafka's {@code KafkaHeaders.KEY}, read by the outbound adapter when it names no key itself. */
	private static final String KAFKA_KEY = "kafka_messageKey";

	private final Map<String, BrokerRoute> routes;

	RouteHeaders(Map<String, BrokerRoute> routes) {
		this.routes = Map.copyOf(routes);
	}

	/**
	 * The message with its type's broker route in headers: the message itself when awty built it (a
	 * {@code MutableMessage}), else a copy.
	 */
	AbstractIntegrationMessageBuilder<?> routed(Message<?> message) {
		AbstractIntegrationMessageBuilder<?> builder = MutableMessageBuilder.fromMessage(message);
		Object type = message.getHeaders().get(AwtyHeaders.TYPE);
		if (type == null) {
			return builder;
		}
		BrokerRoute route = this.routes.getOrDefault(type.toString(), BrokerRoute.NONE);
		builder.setHeader(AwtyHeaders.ROUTING_KEY, (route.rabbitRoutingKey() != null) ? route.rabbitRoutingKey() : type);
		if (route.kafkaTopic() != null) {
			builder.setHeader(KAFKA_TOPIC, route.kafkaTopic());
		}
		Function<Object, @Nullable Object> key = route.kafkaKey();
		Object value = (key != null) ? key.apply(message.getPayload()) : null;
		if (value != null) {
			builder.setHeader(KAFKA_KEY, value.toString());
		}
		return builder;
	}

}
