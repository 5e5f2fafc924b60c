package dev.awty.integration;

import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * Where one event type's messages go on a broker, configured under {@code awty.types.<name>.kafka.*} and
 * {@code awty.types.<name>.rabbit.*}; the {@link ChannelEventPublisher} writes it into headers the outbound
 * adapters read.
 *
 * @param kafkaTopic the topic, set as the {@code kafka_topic} header; {@code null} leaves the adapter's topic
 * @param kafkaKey reads the record key from a message's payload; {@code null} (or a {@code null} value) sets no
 * key
 * @param rabbitRoutingKey the routing key, set as the {@code awty_routing_key} header; {@code null} means the
 * type name
 */
public record BrokerRoute(@Nullable String kafkaTopic, @Nullable Function<Object, @Nullable Object> kafkaKey,
		@Nullable String rabbitRoutingKey) {

	/** No route configured: the adapters' own topic and key, the type name as routing key. */
	public static final BrokerRoute NONE = new BrokerRoute(null, null, null);

}
