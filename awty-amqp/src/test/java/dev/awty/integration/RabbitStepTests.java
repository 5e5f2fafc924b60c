package dev.awty.integration;

import java.time.Instant;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.core.ReturnedMessage;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.support.AmqpHeaders;
import org.springframework.integration.support.MutableMessageBuilder;
import org.springframework.messaging.Message;

import dev.awty.AwtyHeaders;
import dev.awty.integration.amqp.AmqpAcknowledgements;
import dev.awty.spi.PublishOutcome;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The step in front of RabbitMQ's adapter correlates the publisher confirm with the row's acknowledgement and
 * writes awty's headers as text on a copy: another subscriber of the same channel still sees the message awty
 * published. The test sits in {@link BrokerAcknowledgement}'s package to build one as the publisher does.
 */
class RabbitStepTests {

	private static final Instant DUE_AT = Instant.parse("2026-11-28T12:00:00Z");

	private final BrokerAcknowledgement acknowledgement = new BrokerAcknowledgement("purchase/7/1");

	@Test
	void theRabbitStepCorrelatesTheConfirmAndLeavesThePublishedMessageAsItWas() {
		Message<?> published = awtyMessage();

		Message<?> sent = AmqpAcknowledgements.publisherConfirms().transform(published);

		assertThat(sent.getHeaders()).containsKey(AmqpHeaders.PUBLISH_CONFIRM_CORRELATION)
			.doesNotContainKey(BrokerAcknowledgement.HEADER)
			.containsEntry(AwtyHeaders.DUE_AT, "2026-11-28T12:00:00Z")
			.containsEntry(AwtyHeaders.ATTEMPT, "2");
		assertThat(this.acknowledgement.isExpected()).isTrue();
		assertThat(published.getHeaders()).containsEntry(AwtyHeaders.DUE_AT, DUE_AT)
			.containsEntry(AwtyHeaders.ATTEMPT, 2)
			.containsEntry(BrokerAcknowledgement.HEADER, this.acknowledgement)
			.doesNotContainKey(AmqpHeaders.PUBLISH_CONFIRM_CORRELATION);
	}

	@Test
	void aPositiveConfirmIsADelivery() throws Exception {
		CorrelationData correlation = sentCorrelation();
		correlation.getFuture().complete(new CorrelationData.Confirm(true, null));

		assertThat(answer().succeeded()).isTrue();
	}

	@Test
	void aNegativeConfirmIsAFailedAttemptWithTheBrokersReason() throws Exception {
		CorrelationData correlation = sentCorrelation();
		correlation.getFuture().complete(new CorrelationData.Confirm(false, "queue full"));

		assertThat(answer().error()).isEqualTo("negatively confirmed by RabbitMQ: queue full");
	}

	@Test
	void aMessageReturnedAsUnroutableFailsEvenThoughTheBrokerConfirmsIt() throws Exception {
		CorrelationData correlation = sentCorrelation();
		correlation.setReturned(new ReturnedMessage(new org.springframework.amqp.core.Message(new byte[0],
				new MessageProperties()), 312, "NO_ROUTE", "awty.events", "purchase"));
		correlation.getFuture().complete(new CorrelationData.Confirm(true, null));

		assertThat(answer().error()).isEqualTo("returned by RabbitMQ as unroutable: 312 NO_ROUTE (exchange"
				+ " 'awty.events', routing key 'purchase')");
	}

	@Test
	void aMessageAwtyDidNotPublishPassesUnchanged() {
		Message<?> foreign = MutableMessageBuilder.withPayload("{}").build();

		assertThat(AmqpAcknowledgements.publisherConfirms().transform(foreign)).isSameAs(foreign);
	}

	private CorrelationData sentCorrelation() {
		Message<?> sent = AmqpAcknowledgements.publisherConfirms().transform(awtyMessage());
		return (CorrelationData) sent.getHeaders().get(AmqpHeaders.PUBLISH_CONFIRM_CORRELATION);
	}

	private PublishOutcome answer() throws Exception {
		return this.acknowledgement.answered().get(5, TimeUnit.SECONDS);
	}

	private Message<?> awtyMessage() {
		return MutableMessageBuilder.withPayload("{\"id\":7}")
			.setHeader(AwtyHeaders.EVENT_ID, "purchase/7/1")
			.setHeader(AwtyHeaders.DUE_AT, DUE_AT)
			.setHeader(AwtyHeaders.ATTEMPT, 2)
			.setHeader(BrokerAcknowledgement.HEADER, this.acknowledgement)
			.build();
	}

}
