package dev.awty;

/**
 * Names of the headers awty sets on every published message. In process they hold the types documented
 * below; the broker steps ({@code AmqpAcknowledgements}, {@code KafkaAcknowledgements}) turn every one of them
 * into text, so that a consumer in any language reads them as strings.
 */
public final class AwtyHeaders {

	/**
	 * Identifies one occurrence: {@code <type>/<row id>/<version>}. It is the same for every attempt of the
	 * same row and version, including a retry of a {@code FAILED} row and a deliver-now; only a reschedule to a
	 * new time changes the version. Consumers de-duplicate on it.
	 */
	public static final String EVENT_ID = "awty_event_id";

	/** The event type name. */
	public static final String TYPE = "awty_type";

	/** The row's due time as an {@link java.time.Instant}. */
	public static final String DUE_AT = "awty_due_at";

	/** The attempt number of this publish, starting at 1. */
	public static final String ATTEMPT = "awty_attempt";

	/**
	 * On messages a handler published: how many checks of the row came before this one (0 at the first).
	 * Their {@link #EVENT_ID} ends with it, {@code <type>/<row id>/<version>/<check count>}, followed by
	 * {@code -<n>} for the n-th further message of the same check.
	 */
	public static final String CHECK_COUNT = "awty_check_count";

	/**
	 * The RabbitMQ routing key of the message: {@code awty.types.<name>.rabbit.routing-key}, else the type
	 * name. An AMQP outbound adapter uses it with {@code routingKeyExpression("headers.awty_routing_key")}.
	 */
	public static final String ROUTING_KEY = "awty_routing_key";

	private AwtyHeaders() {
	}

}
