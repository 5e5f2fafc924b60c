package dev.awty.internal.delivery;

import java.util.Collections;
import java.util.List;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.messaging.Message;

import dev.awty.internal.support.ErrorText;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.PublishOutcome;

/**
 * Publishes through an {@link EventPublisher} and always comes back with one outcome per message: an
 * exception or an {@link Error} (a consumer's assertion, a class missing at run time), or a publisher answering
 * with the wrong number of outcomes, fails every message.
 */
final class SafePublish {

	private static final Log logger = LogFactory.getLog(SafePublish.class);

	private SafePublish() {
	}

	static List<PublishOutcome> publish(EventPublisher publisher, String channel, List<Message<?>> messages) {
		try {
			List<PublishOutcome> outcomes = publisher.publish(channel, messages);
			if (outcomes.size() == messages.size()) {
				return outcomes;
			}
			return Collections.nCopies(messages.size(), PublishOutcome.failure("publisher returned " + outcomes.size()
					+ " outcomes for " + messages.size() + " messages"));
		}
		catch (Throwable ex) {
			logger.debug("awty: publishing to channel '" + channel + "' failed", ex);
			return Collections.nCopies(messages.size(), PublishOutcome.failure(ErrorText.of(ex)));
		}
	}

}
