package dev.awty.autoconfigure.properties;

import org.jspecify.annotations.Nullable;

/**
 * Where one type's messages go in RabbitMQ, under {@code awty.types.<name>.rabbit.*}.
 */
public class AwtyRabbitRouteProperties {

	/**
	 * Routing key of this type's messages, set in the awty_routing_key header for the AMQP outbound adapter's
	 * routingKeyExpression("headers.awty_routing_key"); defaults to the type name.
	 */
	private @Nullable String routingKey;

	public @Nullable String getRoutingKey() {
		return this.routingKey;
	}

	public void setRoutingKey(@Nullable String routingKey) {
		this.routingKey = routingKey;
	}

}
