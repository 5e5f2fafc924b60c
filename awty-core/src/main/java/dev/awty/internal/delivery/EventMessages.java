package dev.awty.internal.delivery;

import java.util.Map;

import org.springframework.integration.support.MessageBuilder;
import org.springframework.messaging.Message;

import dev.awty.AwtyHeaders;
import dev.awty.ScheduledEntity;

/**
 * Builds the message published for a claimed row: the row object as payload, awty's headers set.
 */
final class EventMessages {

	private EventMessages() {
	}

	static String eventId(String typeName, ScheduledEntity row) {
		return typeName + "/" + row.getId() + "/" + row.getVersion();
	}

	static Message<?> toMessage(String typeName, ScheduledEntity row) {
		return toMessage(typeName, row, Map.of());
	}

	/** The message with {@code traceHeaders} too: the trace context its consumer continues, when traced. */
	static Message<?> toMessage(String typeName, ScheduledEntity row, Map<String, Object> traceHeaders) {
		return MessageBuilder.withPayload(row)
			.copyHeaders(traceHeaders)
			.setHeader(AwtyHeaders.EVENT_ID, eventId(typeName, row))
			.setHeader(AwtyHeaders.TYPE, typeName)
			.setHeader(AwtyHeaders.DUE_AT, row.getDueAt())
			.setHeader(AwtyHeaders.ATTEMPT, row.getAttempts() + 1)
			.build();
	}

}
