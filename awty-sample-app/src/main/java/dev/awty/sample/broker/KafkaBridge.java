package dev.awty.sample.broker;

import java.nio.charset.StandardCharsets;

import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.integration.dsl.IntegrationFlow;
import org.springframework.integration.kafka.dsl.Kafka;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.config.TopicBuilder;
import org.springframework.kafka.core.KafkaTemplate;

import dev.awty.AwtyHeaders;
import dev.awty.integration.kafka.KafkaAcknowledgements;
import dev.awty.sample.email.DownloadEmails;
import dev.awty.sample.purchase.PurchaseFulfilment;
import dev.awty.sample.purchase.ScheduledPurchase;

/**
 * Profile {@code kafka}: due purchases are sent to the topic {@code awty.<type>} and count as delivered once
 * Kafka acknowledged them ({@code acks=all}); a listener on the topic "sends" the emails.
 */
@Configuration(proxyBeanMethods = false)
@Profile("kafka")
class KafkaBridge {

	static final String TOPIC = "awty." + PurchaseFulfilment.TYPE;

	private final DownloadEmails emails;

	private final JsonMapper json;

	KafkaBridge(DownloadEmails emails, JsonMapper json) {
		this.emails = emails;
		this.json = json;
	}

	@Bean
	NewTopic purchaseTopic() {
		return TopicBuilder.name(TOPIC).build();
	}

	@Bean
	IntegrationFlow purchasesToKafka(KafkaTemplate<String, String> kafkaTemplate) {
		return IntegrationFlow.from(PurchaseFulfilment.CHANNEL)
			.transform(ScheduledPurchase.class,
					(purchase) -> this.json.writeValueAsString(new PurchaseDue(purchase.getPurchaseId())))
			.transform(KafkaAcknowledgements.sendResults())
			.handle(Kafka.outboundChannelAdapter(kafkaTemplate)
				.topicExpression("'awty.' + headers['" + AwtyHeaders.TYPE + "']")
				.headerMapper(KafkaAcknowledgements.textHeaders())
				.futuresChannel(KafkaAcknowledgements.FUTURES_CHANNEL)
				.sendFailureChannel("nullChannel"))
			.get();
	}

	/**
	 * Reads the record itself: Kafka headers are bytes, UTF-8 text from awty's adapter as from any producer.
	 */
	@KafkaListener(topics = TOPIC, groupId = "${shop.kafka.group}")
	void receive(ConsumerRecord<String, String> record) {
		Header eventId = record.headers().lastHeader(AwtyHeaders.EVENT_ID);
		if (eventId == null) {
			throw new IllegalArgumentException("Record " + record.topic() + "@" + record.offset() + " has no "
					+ AwtyHeaders.EVENT_ID + " header");
		}
		this.emails.send(this.json.readValue(record.value(), PurchaseDue.class).purchaseId(),
				new String(eventId.value(), StandardCharsets.UTF_8));
	}

}
