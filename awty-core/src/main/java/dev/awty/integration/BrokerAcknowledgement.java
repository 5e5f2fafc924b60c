package dev.awty.integration;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

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
 * <p>
 * Wiring mistakes are logged once per channel: an {@link #expect()} that comes after awty decided not to wait (an
 * error: the step runs behind an executor or queue channel), and a broker that answers none of several parts in a
 * row, never having answered, while their sends succeed (a hint: what {@link #expect(String)} names).
 */
public final class BrokerAcknowledgement {

	/** The header holding the handle. */
	public static final String HEADER = "awty_acknowledgement";

	private final String eventId;

	private final CompletableFuture<PublishOutcome> outcome = new CompletableFuture<>();

	/** Not yet decided: neither expected nor passed over by awty's decision whether to wait. */
	private static final int OPEN = 0;

	/** Expected before awty decided whether to wait: awaited. */
	private static final int EXPECTED = 1;

	/** Not expected when awty decided: its send's outcome stands. */
	private static final int UNAWAITED = 2;

	/** Expected after awty decided not to wait: too late, and reported. */
	private static final int EXPECTED_LATE = 3;

	private final AtomicInteger state = new AtomicInteger(OPEN);

	private final @Nullable Runnable expectedLate;

	private volatile @Nullable String ifUnanswered;

	BrokerAcknowledgement(String eventId) {
		this(eventId, null);
	}

	/** @param expectedLate told when {@link #expect()} comes after awty decided not to wait for the answer */
	BrokerAcknowledgement(String eventId, @Nullable Runnable expectedLate) {
		this.eventId = eventId;
		this.expectedLate = expectedLate;
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
		if (!this.state.compareAndSet(OPEN, EXPECTED) && this.state.compareAndSet(UNAWAITED, EXPECTED_LATE)
				&& this.expectedLate != null) {
			this.expectedLate.run();
		}
	}

	/**
	 * Declares, as {@link #expect()} does, that a broker will report the outcome, and says what to check should no
	 * answer ever come (logged once when a channel that never had an answer gets none in several parts in a row,
	 * their sends having succeeded), e.g. the adapter setting that passes the broker's answers on.
	 */
	public void expect(String ifUnanswered) {
		this.ifUnanswered = ifUnanswered;
		expect();
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
		int state = this.state.get();
		return state == EXPECTED || state == EXPECTED_LATE;
	}

	/**
	 * Whether awty is to wait for the answer: yes once expected, even too late; otherwise it decides not to, so that an
	 * {@link #expect()} from now on is reported as too late.
	 */
	boolean awaited() {
		return !this.state.compareAndSet(OPEN, UNAWAITED) && isExpected();
	}

	/** What to check when no answer ever comes, as the step that expected one said. */
	@Nullable String ifUnanswered() {
		return this.ifUnanswered;
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
