package dev.awty.testing.context;

import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.integration.channel.DirectChannel;

import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.events.priority.PrioritizedTask;

/**
 * An application whose only event type is {@link PrioritizedTask}, consumed by the {@link ReceivedEvents} bean.
 */
@Configuration(proxyBeanMethods = false)
@AutoConfigurationPackage(basePackageClasses = PrioritizedTask.class)
public class TaskConsumerConfiguration {

	@Bean
	DirectChannel tasks(ReceivedEvents receivedEvents) {
		DirectChannel channel = new DirectChannel();
		channel.subscribe(receivedEvents);
		return channel;
	}

}
