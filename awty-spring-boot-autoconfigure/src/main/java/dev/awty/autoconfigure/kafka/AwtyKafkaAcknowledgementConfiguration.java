package dev.awty.autoconfigure.kafka;

import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.integration.channel.DirectChannel;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;

import dev.awty.autoconfigure.AwtyAutoConfiguration;
import dev.awty.autoconfigure.AwtyEventTypes;
import dev.awty.integration.kafka.KafkaAcknowledgements;

/**
 * The channel through which Kafka outbound adapters report their sends to awty, when Spring Integration's
 * Kafka support is present.
 */
@AutoConfiguration(after = AwtyAutoConfiguration.class)
@ConditionalOnClass(name = { "org.springframework.integration.kafka.outbound.KafkaProducerMessageHandler",
		"dev.awty.integration.kafka.KafkaAcknowledgements" })
@ConditionalOnBean(AwtyEventTypes.class)
public final class AwtyKafkaAcknowledgementConfiguration {

	@Bean(KafkaAcknowledgements.FUTURES_CHANNEL)
	@ConditionalOnMissingBean(name = KafkaAcknowledgements.FUTURES_CHANNEL)
	DirectChannel awtyKafkaSendFutures() {
		DirectChannel channel = new DirectChannel();
		channel.subscribe(KafkaAcknowledgements.futuresHandler());
		return channel;
	}

}
