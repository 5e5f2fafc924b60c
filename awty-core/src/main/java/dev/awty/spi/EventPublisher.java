package dev.awty.spi;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.springframework.messaging.Message;

/**
 * Publishes the messages built from a batch of due rows.
 * <p>
 * A row is marked delivered only when its outcome is a success, so an implementation reports success only
 * once the message has been handed over for good (consumed in-process, or acknowledged by a broker).
 * Implementations may block until then; one that waits for a broker should send every message of the batch
 * first and then await the acknowledgements together, within a bounded time, rather than make one round trip
 * per message.
 */
public interface EventPublisher {

	/**
	 * Publishes {@code messages} to the channel named {@code channel}.
	 * @return one outcome per message, in the order of {@code messages}; the failure of one message must not
	 * stop the others. Throwing an exception counts as a failure of every message.
	 */
	List<PublishOutcome> publish(String channel, List<Message<?>> messages);

	/**
	 * Publishes {@code messages} like {@link #publish}, but may return once they are sent, before a broker answered:
	 * awty then sends its next rows while these are acknowledged, and marks a row only once its outcome, completed
	 * later, is a success. The default publishes and returns the outcomes already complete.
	 * @return one outcome per message, in the order of {@code messages}, completed once every answer is in or the
	 * implementation's acknowledgement timeout passed; never completed exceptionally
	 */
	default CompletableFuture<List<PublishOutcome>> publishAsync(String channel, List<Message<?>> messages) {
		return CompletableFuture.completedFuture(publish(channel, messages));
	}

	/**
	 * Checks at start-up that {@code channel} can be published to.
	 * @throws dev.awty.AwtyConfigurationException if it cannot, saying how to define it
	 */
	void verifyChannel(String channel, String typeName);

}
