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
 * consumer nothing waits: success means the subscribed handler ran without an exception. A step that expects an
 * answer only after the send returned (behind an executor or queue channel) is logged as an error, and every message
 * of that channel is awaited from then on.
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

	private final AcknowledgementWatch watch = new AcknowledgementWatch();

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
		Runnable expectedLate = this.watch.expectedLateOn(channel);
		Runnable sends = () -> sendAll(target, messages, outcomes, acknowledgements, expectedLate);
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
		return acknowledged(channel, outcomes, acknowledgements);
	}

	private void sendAll(MessageChannel target, List<Message<?>> messages, List<PublishOutcome> outcomes,
			List<@Nullable BrokerAcknowledgement> acknowledgements, Runnable expectedLate) {
		@Nullable PublishOutcome unreachable = null;
		for (Message<?> message : messages) {
			if (unreachable != null) {
				outcomes.add(unreachable);
				acknowledgements.add(null);
				continue;
			}
			BrokerAcknowledgement acknowledgement = new BrokerAcknowledgement(
					String.valueOf(message.getHeaders().get(AwtyHeaders.EVENT_ID)), expectedLate);
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
	 * the broker client's thread. A message whose answer was expected too late is awaited all the same when others of
	 * its part are; on a channel where that happened, every message is.
	 */
	private CompletableFuture<List<PublishOutcome>> acknowledged(String channel, List<PublishOutcome> outcomes,
			List<@Nullable BrokerAcknowledgement> acknowledgements) {
		boolean everyMessage = this.watch.awaitsEveryMessage(channel);
		List<CompletableFuture<PublishOutcome>> awaited = new ArrayList<>();
		for (int i = 0; i < outcomes.size(); i++) {
			BrokerAcknowledgement acknowledgement = acknowledgements.get(i);
			if (acknowledgement != null && outcomes.get(i).succeeded() && (everyMessage || acknowledgement.awaited())) {
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
			.thenApply((all) -> answered(channel, outcomes, acknowledgements, missing));
	}

	/** The outcomes once the part's answers are in or the time is up, each awaited message replaced by its answer. */
	private List<PublishOutcome> answered(String channel, List<PublishOutcome> outcomes,
			List<@Nullable BrokerAcknowledgement> acknowledgements, PublishOutcome missing) {
		List<PublishOutcome> answered = new ArrayList<>(outcomes.size());
		int expected = 0;
		int answers = 0;
		@Nullable String ifUnanswered = null;
		for (int i = 0; i < outcomes.size(); i++) {
			BrokerAcknowledgement acknowledgement = acknowledgements.get(i);
			// Asked again: an answer expected too late is awaited all the same, and one never expected is decided now.
			if (acknowledgement == null || !outcomes.get(i).succeeded() || !acknowledgement.awaited()) {
				answered.add(outcomes.get(i));
				continue;
			}
			PublishOutcome answer = acknowledgement.answerOr(missing);
			expected++;
			answers += (answer != missing) ? 1 : 0;
			ifUnanswered = (ifUnanswered != null) ? ifUnanswered : acknowledgement.ifUnanswered();
			answered.add(answer);
		}
		this.watch.answered(channel, expected, answers, ifUnanswered);
		return answered;
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
