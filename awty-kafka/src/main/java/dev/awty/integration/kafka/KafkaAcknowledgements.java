package dev.awty.integration.kafka;

import java.util.concurrent.CompletableFuture;

import org.springframework.integration.kafka.support.KafkaIntegrationHeaders;
import org.springframework.kafka.support.KafkaHeaderMapper;
import org.springframework.integration.transformer.Transformer;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageHandler;

import dev.awty.integration.BrokerAcknowledgement;
import dev.awty.integration.BrokerHeaders;

/**
 * Makes a row count as delivered only once Kafka acknowledged its record. Put the step in front of the
 * outbound adapter and send the adapter's futures to {@value #FUTURES_CHANNEL}, a channel awty defines:
 * <pre class="code">
 * IntegrationFlow.from("purchaseFulfilment")
 *     .transform(Transformers.toJson())
 *     .transform(KafkaAcknowledgements.sendResults())
 *     .handle(Kafka.outboundChannelAdapter(kafkaTemplate)
 *         .topicExpression("'awty.' + headers.awty_type")
 *         .headerMapper(KafkaAcknowledgements.textHeaders())
 *         .futuresChannel(KafkaAcknowledgements.FUTURES_CHANNEL)
 *         .sendFailureChannel("nullChannel"))
 * </pre>
 * The step moves awty's {@link BrokerAcknowledgement} into the adapter's future token header, which the
 * adapter removes from the record; the send future it then publishes completes the acknowledgement. How
 * much "acknowledged" means is the producer's {@code acks} setting: use {@code spring.kafka.producer.acks=all}
 * so that a record counts only once all in-sync replicas have it. A failed send, or none within
 * {@code awty.publish.ack-timeout}, is a failed attempt. awty records and logs each failed batch in one
 * line, so the adapter's failure messages can go to {@code nullChannel} instead of the error channel, which
 * logs every failed record with its stack trace. An adapter without the futures channel writes every record but
 * answers none, and each send fails after the timeout: awty logs a hint that names it once no record sent to a
 * channel was answered in several parts in a row. The step must come before any executor or queue channel of the
 * flow (awty logs an error otherwise).
 * <p>
 * The step also turns awty's headers into text ({@link BrokerHeaders}): a consumer in any language reads them
 * as UTF-8 strings. When the adapter names no topic or key itself it uses the {@code kafka_topic} and
 * {@code kafka_messageKey} headers, which awty sets from {@code awty.types.<name>.kafka.topic} and
 * {@code awty.types.<name>.kafka.key}.
 */
public final class KafkaAcknowledgements {

	/** The name of the channel awty defines for the adapter's send futures. */
	public static final String FUTURES_CHANNEL = "awtyKafkaSendFutures";

	/** Logged once by awty when none of several parts sent to a channel is ever answered, their sends succeeding. */
	private static final String IF_UNANSWERED = "the Kafka outbound adapter sends its futures nowhere awty sees them:"
			+ " add .futuresChannel(KafkaAcknowledgements.FUTURES_CHANNEL) to it";

	private KafkaAcknowledgements() {
	}

	/**
	 * The transformer that hands each message's acknowledgement to the adapter as its future token; messages
	 * not published by awty pass unchanged.
	 */
	public static Transformer sendResults() {
		return KafkaAcknowledgements::attach;
	}

	/**
	 * A header mapper for the outbound adapter that writes every text header as its UTF-8 bytes and nothing
	 * else: awty's headers are text already, so a consumer in any language reads them, and the records carry no
	 * {@code spring_json_header_types} header. That header, which the adapter's default mapper adds to describe
	 * the Java type of each header, made every record about four times larger and the broker's throughput,
	 * which is counted in requests of at most {@code batch.size} bytes, about that much lower. Headers of other
	 * types are left out of the record; keep the adapter's default mapper for a flow that needs them.
	 */
	public static KafkaHeaderMapper textHeaders() {
		return new TextHeaderMapper();
	}

	/**
	 * The consumer of {@value #FUTURES_CHANNEL}: completes each acknowledgement from its send future.
	 */
	public static MessageHandler futuresHandler() {
		return KafkaAcknowledgements::complete;
	}

	private static Message<?> attach(Message<?> message) {
		BrokerAcknowledgement acknowledgement = BrokerAcknowledgement.of(message);
		if (acknowledgement == null) {
			return message;
		}
		acknowledgement.expect(IF_UNANSWERED);
		return BrokerHeaders.textCopy(message)
			.removeHeader(BrokerAcknowledgement.HEADER)
			.setHeader(KafkaIntegrationHeaders.FUTURE_TOKEN, acknowledgement)
			.build();
	}

	private static void complete(Message<?> message) {
		if (message.getHeaders().get(KafkaIntegrationHeaders.FUTURE_TOKEN) instanceof BrokerAcknowledgement acknowledgement
				&& message.getPayload() instanceof CompletableFuture<?> future) {
			future.whenComplete((result, failure) -> {
				if (failure == null) {
					acknowledgement.acknowledged();
				}
				else {
					acknowledgement.rejected(failure);
				}
			});
		}
	}

}
