package dev.awty.integration;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.integration.support.channel.BeanFactoryChannelResolver;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageChannel;
import org.springframework.messaging.core.DestinationResolutionException;

import dev.awty.AwtyConfigurationException;
import dev.awty.internal.delivery.ErrorText;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.PublishOutcome;

/**
 * Sends each message to a Spring Integration channel resolved by bean name. A send that returns
 * normally is a success: on a direct channel that means the subscribed handler ran without an exception.
 */
public final class ChannelEventPublisher implements EventPublisher {

	private final BeanFactoryChannelResolver resolver;

	private final long sendTimeoutMillis;

	public ChannelEventPublisher(BeanFactory beanFactory, Duration sendTimeout) {
		this.resolver = new BeanFactoryChannelResolver(beanFactory);
		this.sendTimeoutMillis = sendTimeout.toMillis();
	}

	@Override
	public List<PublishOutcome> publish(String channel, List<Message<?>> messages) {
		MessageChannel target = this.resolver.resolveDestination(channel);
		List<PublishOutcome> outcomes = new ArrayList<>(messages.size());
		for (Message<?> message : messages) {
			outcomes.add(send(target, message));
		}
		return outcomes;
	}

	private PublishOutcome send(MessageChannel target, Message<?> message) {
		try {
			if (target.send(message, this.sendTimeoutMillis)) {
				return PublishOutcome.success();
			}
			return PublishOutcome.failure("channel did not accept the message within " + this.sendTimeoutMillis + " ms");
		}
		catch (RuntimeException ex) {
			return PublishOutcome.failure(ErrorText.of(ex));
		}
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
