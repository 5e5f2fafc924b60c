package dev.awty.integration.kafka;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

import org.apache.kafka.common.header.Headers;
import org.springframework.kafka.support.KafkaHeaderMapper;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.kafka.support.SimpleKafkaHeaderMapper;
import org.springframework.messaging.MessageHeaders;

/**
 * Writes each text header as its UTF-8 bytes and each {@code byte[]} header as it is; headers of other types, the
 * message's id and timestamp, and the headers Spring Kafka keeps for a record's own fields are left out. This is
 * what a {@link SimpleKafkaHeaderMapper} that maps all strings writes, without its patterns: it lower-cased each
 * header's name once per pattern, for every record. Records read back are mapped by such a mapper.
 */
final class TextHeaderMapper implements KafkaHeaderMapper {

	/** The names {@code SimpleKafkaHeaderMapper} never writes: the record's own fields and the consumer's headers. */
	private static final Set<String> NOT_WRITTEN = Set.of(KafkaHeaders.ACKNOWLEDGMENT, KafkaHeaders.CONSUMER,
			KafkaHeaders.KEY, KafkaHeaders.OFFSET, KafkaHeaders.PARTITION, KafkaHeaders.RAW_DATA,
			KafkaHeaders.RECEIVED_KEY, KafkaHeaders.RECEIVED_PARTITION, KafkaHeaders.RECEIVED_TIMESTAMP,
			KafkaHeaders.RECEIVED_TOPIC, KafkaHeaders.TIMESTAMP, KafkaHeaders.TIMESTAMP_TYPE,
			KafkaHeaders.BATCH_CONVERTED_HEADERS, KafkaHeaders.NATIVE_HEADERS, KafkaHeaders.TOPIC,
			KafkaHeaders.DELIVERY_ATTEMPT, KafkaHeaders.LISTENER_INFO, KafkaHeaders.GROUP_ID);

	private final SimpleKafkaHeaderMapper inbound = new SimpleKafkaHeaderMapper();

	TextHeaderMapper() {
		this.inbound.setMapAllStringsOut(true);
	}

	@Override
	public void fromHeaders(MessageHeaders headers, Headers target) {
		headers.forEach((name, value) -> {
			if (NOT_WRITTEN.contains(name) || name.equalsIgnoreCase(MessageHeaders.ID)
					|| name.equalsIgnoreCase(MessageHeaders.TIMESTAMP)) {
				return;
			}
			if (value instanceof String text) {
				target.add(name, text.getBytes(StandardCharsets.UTF_8));
			}
			else if (value instanceof byte[] bytes) {
				target.add(name, bytes);
			}
		});
	}

	@Override
	public void toHeaders(Headers source, Map<String, Object> target) {
		this.inbound.toHeaders(source, target);
	}

}
