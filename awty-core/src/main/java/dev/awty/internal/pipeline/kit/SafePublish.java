package dev.awty.internal.pipeline.kit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

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
public final class SafePublish {

	private static final Log logger = LogFactory.getLog(SafePublish.class);

	private SafePublish() {
	}

	/**
	 * Publishes messages bound for several channels, one call per channel in the order the channels first appear.
	 * @return one outcome per message, in the order of {@code messages}
	 */
	public static List<PublishOutcome> publishEach(EventPublisher publisher, List<Addressed> messages) {
		Map<String, List<Integer>> positions = new LinkedHashMap<>();
		for (int i = 0; i < messages.size(); i++) {
			positions.computeIfAbsent(messages.get(i).channel(), (channel) -> new ArrayList<>()).add(i);
		}
		PublishOutcome[] outcomes = new PublishOutcome[messages.size()];
		positions.forEach((channel, indexes) -> {
			List<PublishOutcome> sent = publish(publisher, channel,
					indexes.stream().<Message<?>>map((i) -> messages.get(i).message()).toList());
			for (int i = 0; i < indexes.size(); i++) {
				outcomes[indexes.get(i)] = sent.get(i);
			}
		});
		return Arrays.asList(outcomes);
	}

	/** A message and the channel it is bound for. */
	public record Addressed(String channel, Message<?> message) {
	}

	/**
	 * Publishes without waiting for a broker's answers ({@link EventPublisher#publishAsync}).
	 * @return one outcome per message, completed once they are known; never completed exceptionally
	 */
	public static CompletableFuture<List<PublishOutcome>> publishAsync(EventPublisher publisher, String channel,
			List<Message<?>> messages) {
		CompletableFuture<List<PublishOutcome>> outcomes;
		try {
			outcomes = publisher.publishAsync(channel, messages);
		}
		catch (Throwable ex) {
			logger.debug("awty: publishing to channel '" + channel + "' failed", ex);
			return CompletableFuture.completedFuture(Collections.nCopies(messages.size(),
					PublishOutcome.failure(ErrorText.of(ex))));
		}
		return outcomes.handle((published, failure) -> {
			if (failure != null) {
				return Collections.nCopies(messages.size(), PublishOutcome.failure(ErrorText.of(failure)));
			}
			if (published.size() != messages.size()) {
				return Collections.nCopies(messages.size(), PublishOutcome.failure("publisher returned "
						+ published.size() + " outcomes for " + messages.size() + " messages"));
			}
			return published;
		});
	}

	public static List<PublishOutcome> publish(EventPublisher publisher, String channel, List<Message<?>> messages) {
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
