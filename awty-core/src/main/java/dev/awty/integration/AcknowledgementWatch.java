package dev.awty.integration;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Tells, per channel, the mistakes in wiring the broker acknowledgements that would otherwise fail silently: a step
 * that {@linkplain BrokerAcknowledgement#expect() expects} the broker's answer only after the channel's send returned
 * (it runs behind an executor or queue channel), and a broker whose answers never reach awty though every send
 * succeeds (a Kafka adapter without its futures channel, RabbitMQ without publisher confirms). Each is logged once
 * per channel.
 */
final class AcknowledgementWatch {

	/** How many parts in a row with no answer at all, on a channel that never had one, make a wiring mistake. */
	static final int UNANSWERED_PARTS = 3;

	private static final Log logger = LogFactory.getLog(ChannelEventPublisher.class);

	/** Channels on which an answer was expected too late: every message sent to them is awaited from then on. */
	private final Set<String> expectedLate = ConcurrentHashMap.newKeySet();

	/** Channels on which a broker answered at least once. */
	private final Set<String> answered = ConcurrentHashMap.newKeySet();

	/** By channel, the parts in a row none of whose messages was answered. */
	private final Map<String, AtomicInteger> unanswered = new ConcurrentHashMap<>();

	private final Set<String> hinted = ConcurrentHashMap.newKeySet();

	/** Whether every message sent to {@code channel} is awaited, as one of its steps expects answers too late. */
	boolean awaitsEveryMessage(String channel) {
		return this.expectedLate.contains(channel);
	}

	/**
	 * What a message sent to {@code channel} is told when a step expects its answer after awty decided not to wait:
	 * its row may have been marked delivered already.
	 */
	Runnable expectedLateOn(String channel) {
		return () -> {
			if (this.expectedLate.add(channel)) {
				logger.error("awty: a step of the flow of channel '" + channel + "' expected the broker's acknowledgement"
						+ " only after the channel's send had returned: the rows sent to '" + channel + "' until now may"
						+ " have been marked delivered without waiting for the broker, and an event the broker then lost"
						+ " is lost. Put the acknowledging step (KafkaAcknowledgements.sendResults(),"
						+ " AmqpAcknowledgements.publisherConfirms()) before any executor or queue channel of the flow;"
						+ " until then awty waits for the broker's answer to every message sent to '" + channel
						+ "', up to awty.publish.ack-timeout");
			}
		};
	}

	/**
	 * Records how a part whose sends to {@code channel} succeeded was answered: {@code expected} messages awaited,
	 * {@code answers} of them answered in time; {@code hint} says what to check when none ever is.
	 */
	void answered(String channel, int expected, int answers, @Nullable String hint) {
		if (answers > 0) {
			this.answered.add(channel);
			this.unanswered.remove(channel);
			return;
		}
		if (expected == 0 || this.answered.contains(channel)) {
			// A broker that answered before and stops is an outage, not a wiring mistake.
			return;
		}
		int parts = this.unanswered.computeIfAbsent(channel, (name) -> new AtomicInteger()).incrementAndGet();
		if (parts >= UNANSWERED_PARTS && this.hinted.add(channel)) {
			logger.warn("awty: no message sent to channel '" + channel + "' was acknowledged in " + parts
					+ " parts in a row, though their sends succeeded: " + ((hint != null) ? hint
							: "check that the step that expects the broker's answers is told them")
					+ ". Each such message is a failed attempt after awty.publish.ack-timeout.");
		}
	}

}
