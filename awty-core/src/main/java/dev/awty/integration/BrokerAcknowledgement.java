package dev.awty.integration;

import java.util.concurrent.CompletableFuture;

import org.jspecify.annotations.Nullable;

import org.springframework.messaging.Message;

import dev.awty.spi.PublishOutcome;

/**
 * The handle through which a broker adapter tells awty whether the broker took responsibility for one
 * message. awty puts one in the {@value #HEADER} header of every message it publishes.
 * <p>
 * Nobody has to touch it: a message whose handle is never {@linkplain #expect() expected} counts as
 * delivered when the channel's {@code send} returns normally, as for an in-process consumer. A step in front
 * of a broker's outbound adapter (such as {@code AmqpAcknowledgements.publisherConfirms()} or
 * {@code KafkaAcknowledgements.sendResults()}) calls {@link #expect()} and later {@link #acknowledged()} or
 * {@link #rejected(String)}; the row is then marked delivered only after a positive acknowledgement, and a
 * rejection or the lack of an answer within {@code awty.publish.ack-timeout} is a failed attempt.
 * <p>
 * The handle stays inside the process: the steps above remove the header before the adapter maps headers.
 */
public final class BrokerAcknowledgement {

	/** The header holding the handle. */
	public static final String HEADER = "awty_acknowledgement";

	private final String eventId;

	private final CompletableFuture<PublishOutcome> outcome = new CompletableFuture<>();

	private volatile boolean expected;

	BrokerAcknowledgement(String eventId) {
		this.eventId = eventId;
	}

	/**
	 * Returns the handle {@code message} carries, or {@code null} if the message was not published by awty.
	 */
	public static @Nullable BrokerAcknowledgement of(Message<?> message) {
		return message.getHeaders().get(HEADER, BrokerAcknowledgement.class);
	}

	/** The {@code awty_event_id} of the message; also what the handle shows when mapped to a broker header. */
	public String getEventId() {
		return this.eventId;
	}

	/**
	 * Declares that a broker will report the outcome; call it before handing the message to the adapter, on
	 * the thread that published it (awty decides whether to wait when the channel's {@code send} returns, so a
	 * step behind an executor or queue channel would be too late).
	 */
	public void expect() {
		this.expected = true;
	}

	/** The broker took responsibility for the message. */
	public void acknowledged() {
		this.outcome.complete(PublishOutcome.success());
	}

	/** The broker refused the message, returned it, or could not be reached. */
	public void rejected(String reason) {
		this.outcome.complete(PublishOutcome.failure(reason));
	}

	/** The broker's client failed to hand over the message, or the broker refused it, as {@code failure} says. */
	public void rejected(Throwable failure) {
		this.outcome.complete(PublishOutcome.failure(failure));
	}

	boolean isExpected() {
		return this.expected;
	}

	/** Completes with the broker's answer. */
	CompletableFuture<PublishOutcome> answered() {
		return this.outcome;
	}

	/** The broker's answer, or {@code missing} while there is none. */
	PublishOutcome answerOr(PublishOutcome missing) {
		return this.outcome.getNow(missing);
	}

	@Override
	public String toString() {
		return "acknowledgement of " + this.eventId;
	}

}
