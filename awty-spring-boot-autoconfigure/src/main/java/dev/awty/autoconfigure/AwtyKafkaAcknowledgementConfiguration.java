package dev.awty.autoconfigure;

import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.integration.channel.DirectChannel;

import dev.awty.integration.kafka.KafkaAcknowledgements;

/**
 * The channel through which Kafka outbound adapters report their sends to awty, when Spring Integration's
 * Kafka support is present.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "org.springframework.integration.kafka.outbound.KafkaProducerMessageHandler")
class AwtyKafkaAcknowledgementConfiguration {

	@Bean(KafkaAcknowledgements.FUTURES_CHANNEL)
	@ConditionalOnMissingBean(name = KafkaAcknowledgements.FUTURES_CHANNEL)
	DirectChannel awtyKafkaSendFutures() {
		DirectChannel channel = new DirectChannel();
		channel.subscribe(KafkaAcknowledgements.futuresHandler());
		return channel;
	}

}
