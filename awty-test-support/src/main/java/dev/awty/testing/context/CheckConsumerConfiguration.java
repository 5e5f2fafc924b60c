package dev.awty.testing.context;

import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.integration.channel.DirectChannel;

import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.events.check.TestOrderCheck;

/**
 * An application whose only event type is {@link TestOrderCheck}, whose alerts the {@link ReceivedEvents} bean
 * consumes; the handler is a {@link ScriptedHandler} bean the test adds.
 */
@Configuration(proxyBeanMethods = false)
@AutoConfigurationPackage(basePackageClasses = TestOrderCheck.class)
public class CheckConsumerConfiguration {

	@Bean
	DirectChannel orderAlerts(ReceivedEvents receivedEvents) {
		DirectChannel channel = new DirectChannel();
		channel.subscribe(receivedEvents);
		return channel;
	}

}
