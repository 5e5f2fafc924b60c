package dev.awty.testing.context;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.integration.channel.DirectChannel;

import dev.awty.testing.ReceivedEvents;

/**
 * An application that consumes the default recurring channel with the {@link ReceivedEvents} bean.
 */
@Configuration(proxyBeanMethods = false)
public class RecurringConsumerConfiguration {

	@Bean
	DirectChannel awtyRecurring(ReceivedEvents receivedEvents) {
		DirectChannel channel = new DirectChannel();
		channel.subscribe(receivedEvents);
		return channel;
	}

}
