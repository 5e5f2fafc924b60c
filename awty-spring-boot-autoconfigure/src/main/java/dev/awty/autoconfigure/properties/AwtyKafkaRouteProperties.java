package dev.awty.autoconfigure.properties;

import org.jspecify.annotations.Nullable;

/**
 * Where one type's messages go in Kafka, under {@code awty.types.<name>.kafka.*}: awty sets the
 * {@code kafka_topic} and {@code kafka_messageKey} headers, which Spring Integration's Kafka outbound adapter uses
 * when it names no topic or key itself.
 */
public class AwtyKafkaRouteProperties {

	/**
	 * Topic of this type's records; the adapter's own topic when unset.
	 */
	private @Nullable String topic;

	/**
	 * Property of the row (such as purchaseId) whose value, as text, is the record key, so that all events
	 * with the same value keep their order in one partition; no key when unset or when the value is null.
	 */
	private @Nullable String key;

	public @Nullable String getTopic() {
		return this.topic;
	}

	public void setTopic(@Nullable String topic) {
		this.topic = topic;
	}

	public @Nullable String getKey() {
		return this.key;
	}

	public void setKey(@Nullable String key) {
		this.key = key;
	}

}
