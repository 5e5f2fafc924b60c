package dev.awty.internal.delivery;

import java.util.Map;

import org.springframework.integration.support.MutableMessageBuilder;
import org.springframework.messaging.Message;

import dev.awty.AwtyHeaders;
import dev.awty.ScheduledEntity;

/**
 * Builds the message published for a claimed row: the row object as payload, awty's headers set. The message is a
 * {@code MutableMessage}, which no one else has seen yet: the publisher adds the route and acknowledgement headers
 * to it rather than to a copy. Copies of headers (three per {@code MessageBuilder.build()}) were 29% of a delivery
 * worker's CPU into Kafka.
 */
final class EventMessages {

	private EventMessages() {
	}

	static String eventId(String typeName, ScheduledEntity row) {
		return typeName + "/" + row.getId() + "/" + row.getVersion();
	}

	/**
	 * The message of {@code row}, whose {@link #eventId} is {@code eventId}, with {@code traceHeaders} too: the trace
	 * context its consumer continues, when traced.
	 */
	static Message<?> toMessage(String typeName, ScheduledEntity row, String eventId, Map<String, Object> traceHeaders) {
		return MutableMessageBuilder.withPayload(row)
			.copyHeaders(traceHeaders)
			.setHeader(AwtyHeaders.EVENT_ID, eventId)
			.setHeader(AwtyHeaders.TYPE, typeName)
			.setHeader(AwtyHeaders.DUE_AT, row.getDueAt())
			.setHeader(AwtyHeaders.ATTEMPT, row.getAttempts() + 1)
			.build();
	}

}
