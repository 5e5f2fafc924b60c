package dev.awty.autoconfigure.settings;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

import dev.awty.AwtyConfigurationException;
import dev.awty.ScheduledEntity;
import dev.awty.autoconfigure.properties.AwtyProperties;
import dev.awty.autoconfigure.properties.AwtyTypeProperties;
import dev.awty.integration.BrokerRoute;
import dev.awty.internal.model.EventType;
import dev.awty.internal.model.PropertyColumn;
import dev.awty.internal.table.EventTable;

/**
 * Turns {@code awty.types.<name>.kafka.*} and {@code awty.types.<name>.rabbit.*} into each type's
 * {@link BrokerRoute}, rejecting a topic Kafka would refuse, a routing key RabbitMQ would refuse and a key
 * property the type does not have, naming the property key.
 */
final class BrokerRoutes {

	/** Kafka's rule for topic names: these characters, at most 249 of them, and neither "." nor "..". */
	private static final Pattern KAFKA_TOPIC = Pattern.compile("[a-zA-Z0-9._-]{1,249}");

	/** RabbitMQ refuses longer routing keys (a short string in AMQP 0-9-1). */
	private static final int MAX_ROUTING_KEY_BYTES = 255;

	private BrokerRoutes() {
	}

	/** The routes of the types that configure one; types not among {@code tables} are left to other checks. */
	static Map<String, BrokerRoute> of(AwtyProperties properties, List<EventTable<?>> tables) {
		Map<String, BrokerRoute> routes = new LinkedHashMap<>();
		for (EventTable<?> table : tables) {
			AwtyTypeProperties type = properties.getTypes().get(table.type().name());
			if (type != null) {
				routes.put(table.type().name(), route(table.type(), type));
			}
		}
		return routes;
	}

	private static BrokerRoute route(EventType<?> eventType, AwtyTypeProperties type) {
		String prefix = "awty.types." + eventType.name() + ".";
		String topic = type.getKafka().getTopic();
		if (topic != null && (!KAFKA_TOPIC.matcher(topic).matches() || topic.equals(".") || topic.equals(".."))) {
			throw new AwtyConfigurationException(prefix + "kafka.topic is '" + topic
					+ "', which Kafka refuses as a topic name",
					"Use 1 to 249 letters, digits, '.', '_' or '-' (and not '.' or '..'), e.g. 'shop.purchases'.");
		}
		String routingKey = type.getRabbit().getRoutingKey();
		if (routingKey != null && routingKey.getBytes(StandardCharsets.UTF_8).length > MAX_ROUTING_KEY_BYTES) {
			throw new AwtyConfigurationException(prefix + "rabbit.routing-key is "
					+ routingKey.getBytes(StandardCharsets.UTF_8).length + " bytes long, which RabbitMQ refuses",
					"Use a routing key of at most " + MAX_ROUTING_KEY_BYTES + " bytes.");
		}
		String key = type.getKafka().getKey();
		return new BrokerRoute(topic, (key != null) ? keyReader(eventType, prefix + "kafka.key", key) : null,
				routingKey);
	}

	private static <T extends ScheduledEntity> Function<Object, @Nullable Object> keyReader(EventType<T> type,
			String propertyKey, String key) {
		for (PropertyColumn property : type.ownColumns()) {
			if (property.field().getName().equals(key) || property.column().equalsIgnoreCase(key)) {
				Class<T> entityClass = type.entityClass();
				// a handler may publish other payloads than the row: they get no key
				return (payload) -> entityClass.isInstance(payload)
						? type.mapper().columnValue(entityClass.cast(payload), property) : null;
			}
		}
		throw new AwtyConfigurationException(propertyKey + " is '" + key + "', but " + type.entityClass().getName()
				+ " has no such property", "Use one of its properties " + type.ownColumns()
					.stream()
					.map((property) -> property.field().getName())
					.toList() + " (or their column names), or remove " + propertyKey + ".");
	}

}
