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
import org.jspecify.annotations.Nullable;

import org.springframework.messaging.Message;

import dev.awty.internal.support.ErrorText;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.PublishOutcome;

/**
 * Publishes through an {@link EventPublisher} and always comes back with one outcome per message: an
 * exception or an {@link Error} (a consumer's assertion, a class missing at run time), or a publisher answering
 * with the wrong number of outcomes, or with {@code null} for the list or an outcome, fails every message.
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
		if (outcomes == null) {
			return CompletableFuture.completedFuture(wrongAnswer("no future", messages));
		}
		return outcomes.handle((published, failure) -> {
			if (failure != null) {
				return Collections.nCopies(messages.size(), PublishOutcome.failure(ErrorText.of(failure)));
			}
			return checked(published, messages);
		});
	}

	/**
	 * {@code published} when it holds one outcome per message; else a failure of every message. A {@code null} list or
	 * outcome (a custom publisher's bug) must not end the part in an exception: its rows would not be let go.
	 */
	private static List<PublishOutcome> checked(@Nullable List<PublishOutcome> published, List<Message<?>> messages) {
		if (published == null) {
			return wrongAnswer("no outcomes", messages);
		}
		if (published.size() != messages.size()) {
			return wrongAnswer(published.size() + " outcomes", messages);
		}
		for (@Nullable PublishOutcome outcome : published) {
			if (outcome == null) {
				return wrongAnswer("a null outcome", messages);
			}
		}
		return published;
	}

	private static List<PublishOutcome> wrongAnswer(String answer, List<Message<?>> messages) {
		return Collections.nCopies(messages.size(),
				PublishOutcome.failure("publisher returned " + answer + " for " + messages.size() + " messages"));
	}

	public static List<PublishOutcome> publish(EventPublisher publisher, String channel, List<Message<?>> messages) {
		try {
			return checked(publisher.publish(channel, messages), messages);
		}
		catch (Throwable ex) {
			logger.debug("awty: publishing to channel '" + channel + "' failed", ex);
			return Collections.nCopies(messages.size(), PublishOutcome.failure(ErrorText.of(ex)));
		}
	}

}
