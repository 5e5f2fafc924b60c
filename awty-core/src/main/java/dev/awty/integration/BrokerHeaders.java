package dev.awty.integration;

import java.util.List;

import org.springframework.integration.support.AbstractIntegrationMessageBuilder;
import org.springframework.integration.support.MutableMessage;
import org.springframework.integration.support.MutableMessageBuilder;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageHeaders;

import dev.awty.AwtyHeaders;

/**
 * Turns awty's headers into text on their way to a broker, so that a consumer in any language reads
 * {@code awty_attempt} as {@code "2"} and {@code awty_due_at} as ISO-8601 text rather than a Java or JSON
 * encoding of them. Kafka's header mapper then writes plain UTF-8 bytes and no {@code spring_json_header_types}
 * header (no JSON encoding per record, either); RabbitMQ gets string headers.
 */
public final class BrokerHeaders {

	private static final List<String> AWTY = List.of(AwtyHeaders.EVENT_ID, AwtyHeaders.TYPE, AwtyHeaders.DUE_AT,
			AwtyHeaders.ATTEMPT, AwtyHeaders.CHECK_COUNT, AwtyHeaders.ROUTING_KEY);

	private BrokerHeaders() {
	}

	/**
	 * A builder of a copy of {@code message} with awty's headers as text, for a step in front of a broker's adapter.
	 * The copy is a {@code MutableMessage}: its headers are copied once, where {@code MessageBuilder} copies them three
	 * times and draws a new id. The message itself is left as it is, for other subscribers of its channel.
	 */
	public static AbstractIntegrationMessageBuilder<?> textCopy(Message<?> message) {
		AbstractIntegrationMessageBuilder<?> builder = MutableMessageBuilder
			.fromMessage(new MutableMessage<>(message.getPayload(), message.getHeaders()));
		asText(message.getHeaders(), builder);
		return builder;
	}

	/** Sets every awty header of {@code headers} that is not text yet as its {@code toString()} on {@code builder}. */
	public static void asText(MessageHeaders headers, AbstractIntegrationMessageBuilder<?> builder) {
		for (String name : AWTY) {
			Object value = headers.get(name);
			if (value != null && !(value instanceof String)) {
				builder.setHeader(name, value.toString());
			}
		}
	}

}
