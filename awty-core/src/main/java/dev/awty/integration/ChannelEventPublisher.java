package dev.awty.integration;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.integration.support.channel.BeanFactoryChannelResolver;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageChannel;
import org.springframework.messaging.core.DestinationResolutionException;

import dev.awty.AwtyConfigurationException;
import dev.awty.AwtyHeaders;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.PublishOutcome;

/**
 * Sends each message to a Spring Integration channel resolved by bean name, then waits for the broker
 * acknowledgements the flow asked for.
 * <p>
 * Every message carries a {@link BrokerAcknowledgement} in a header. A send that returns normally is a
 * success, unless a step of the flow {@linkplain BrokerAcknowledgement#expect() expected} a broker's
 * answer: then the whole batch is sent first and the answers are awaited together, for at most the
 * acknowledgement timeout counted from the end of the sends. On a direct channel with an in-process
 * consumer nothing waits: success means the subscribed handler ran without an exception.
 * <p>
 * Each message also carries its type's {@link BrokerRoute}: the {@code awty_routing_key} header always, and the
 * Kafka topic and record key headers when configured. A {@code MutableMessage}, as awty builds each row's message
 * before anyone else sees it, is given these headers in place; any other message is copied.
 */
public final class ChannelEventPublisher implements EventPublisher {

	private static final Duration DEFAULT_ACK_TIMEOUT = Duration.ofSeconds(10);

	private final BeanFactoryChannelResolver resolver;

	private final long sendTimeoutMillis;

	private final long ackTimeoutMillis;

	private final RouteHeaders routes;

	private final List<SendScope> scopes;

	public ChannelEventPublisher(BeanFactory beanFactory, Duration sendTimeout) {
		this(beanFactory, sendTimeout, DEFAULT_ACK_TIMEOUT);
	}

	public ChannelEventPublisher(BeanFactory beanFactory, Duration sendTimeout, Duration ackTimeout) {
		this(beanFactory, sendTimeout, ackTimeout, Map.of(), List.of());
	}

	/**
	 * @param routes where each type's messages go on a broker, by type name; a type without one keeps the
	 * adapters' topic and key and is routed by its name
	 * @param scopes what wraps each batch's sends, outermost first
	 */
	public ChannelEventPublisher(BeanFactory beanFactory, Duration sendTimeout, Duration ackTimeout,
			Map<String, BrokerRoute> routes, List<SendScope> scopes) {
		this.resolver = new BeanFactoryChannelResolver(beanFactory);
		this.sendTimeoutMillis = sendTimeout.toMillis();
		this.ackTimeoutMillis = ackTimeout.toMillis();
		this.routes = new RouteHeaders(routes);
		this.scopes = List.copyOf(scopes);
	}

	@Override
	public List<PublishOutcome> publish(String channel, List<Message<?>> messages) {
		try {
			return publishAsync(channel, messages).get();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Collections.nCopies(messages.size(),
					PublishOutcome.failure("interrupted while waiting for the broker's acknowledgements"));
		}
		catch (ExecutionException ex) {
			return Collections.nCopies(messages.size(), PublishOutcome.failure(ex.getCause()));
		}
	}

	/** Sends every message, then returns the outcomes completed as the broker's answers come in. */
	@Override
	public CompletableFuture<List<PublishOutcome>> publishAsync(String channel, List<Message<?>> messages) {
		MessageChannel target = this.resolver.resolveDestination(channel);
		List<PublishOutcome> outcomes = new ArrayList<>(messages.size());
		List<@Nullable BrokerAcknowledgement> acknowledgements = new ArrayList<>(messages.size());
		Runnable sends = () -> sendAll(target, messages, outcomes, acknowledgements);
		for (int i = this.scopes.size() - 1; i >= 0; i--) {
			SendScope scope = this.scopes.get(i);
			Runnable inner = sends;
			sends = () -> scope.around(channel, inner);
		}
		try {
			sends.run();
		}
		catch (RuntimeException ex) {
			// a scope that failed (no RabbitMQ channel to be had) leaves the rest of the batch unsent
			PublishOutcome failed = PublishOutcome.failure(ex);
			while (outcomes.size() < messages.size()) {
				outcomes.add(failed);
				acknowledgements.add(null);
			}
		}
		return acknowledged(outcomes, acknowledgements);
	}

	private void sendAll(MessageChannel target, List<Message<?>> messages, List<PublishOutcome> outcomes,
			List<@Nullable BrokerAcknowledgement> acknowledgements) {
		@Nullable PublishOutcome unreachable = null;
		for (Message<?> message : messages) {
			if (unreachable != null) {
				outcomes.add(unreachable);
				acknowledgements.add(null);
				continue;
			}
			BrokerAcknowledgement acknowledgement = new BrokerAcknowledgement(
					String.valueOf(message.getHeaders().get(AwtyHeaders.EVENT_ID)));
			acknowledgements.add(acknowledgement);
			long sendStarted = System.nanoTime();
			try {
				Message<?> routed = this.routes.routed(message)
					.setHeader(BrokerAcknowledgement.HEADER, acknowledgement)
					.build();
				outcomes.add(target.send(routed, this.sendTimeoutMillis) ? PublishOutcome.success()
						: PublishOutcome.failure("channel did not accept the message within " + this.sendTimeoutMillis
								+ " ms"));
			}
			catch (Throwable ex) {
				// An Error too (a consumer's AssertionError, a StackOverflowError): escaping, it would fail the messages
				// consumed before it along with the rest of the part.
				PublishOutcome failed = PublishOutcome.failure(ex);
				outcomes.add(failed);
				if (SendFailures.stopsBatch(ex, System.nanoTime() - sendStarted, this.sendTimeoutMillis)) {
					unreachable = failed;
				}
			}
		}
	}

	/**
	 * The outcomes, each sent message a broker is to answer for replaced by that answer once it comes, or by a failure
	 * when the part's answers are not all in within the acknowledgement timeout. One timer per part, not per message:
	 * each message's own timer cost a schedule and a cancel on the JDK's one delay scheduler, from the worker and from
	 * the broker client's thread.
	 */
	private CompletableFuture<List<PublishOutcome>> acknowledged(List<PublishOutcome> outcomes,
			List<@Nullable BrokerAcknowledgement> acknowledgements) {
		List<CompletableFuture<PublishOutcome>> awaited = new ArrayList<>();
		for (int i = 0; i < outcomes.size(); i++) {
			BrokerAcknowledgement acknowledgement = awaited(outcomes, acknowledgements, i);
			if (acknowledgement != null) {
				awaited.add(acknowledgement.answered());
			}
		}
		if (awaited.isEmpty()) {
			return CompletableFuture.completedFuture(outcomes);
		}
		PublishOutcome missing = PublishOutcome
			.failure("no acknowledgement from the broker within " + this.ackTimeoutMillis + " ms");
		return CompletableFuture.allOf(awaited.toArray(CompletableFuture[]::new))
			.completeOnTimeout(null, this.ackTimeoutMillis, TimeUnit.MILLISECONDS)
			.thenApply((all) -> {
				List<PublishOutcome> answered = new ArrayList<>(outcomes.size());
				for (int i = 0; i < outcomes.size(); i++) {
					BrokerAcknowledgement acknowledgement = awaited(outcomes, acknowledgements, i);
					answered.add((acknowledgement != null) ? acknowledgement.answerOr(missing) : outcomes.get(i));
				}
				return answered;
			});
	}

	/** The acknowledgement of the {@code i}th message if a broker is to answer for it. */
	private static @Nullable BrokerAcknowledgement awaited(List<PublishOutcome> outcomes,
			List<@Nullable BrokerAcknowledgement> acknowledgements, int i) {
		BrokerAcknowledgement acknowledgement = acknowledgements.get(i);
		return (acknowledgement != null && acknowledgement.isExpected() && outcomes.get(i).succeeded()) ? acknowledgement
				: null;
	}

	@Override
	public void verifyChannel(String channel, String typeName) {
		try {
			this.resolver.resolveDestination(channel);
		}
		catch (DestinationResolutionException ex) {
			throw new AwtyConfigurationException(
					"Event type '" + typeName + "' publishes to channel '" + channel + "', but no such channel exists",
					"Define a MessageChannel bean named '" + channel + "', or consume it with @ServiceActivator(inputChannel = \""
							+ channel + "\"), or change the channel in @ScheduledEvent.");
		}
	}

}
