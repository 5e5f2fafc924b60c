package dev.awty.integration;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

import org.springframework.integration.kafka.support.KafkaIntegrationHeaders;
import org.springframework.integration.support.MutableMessageBuilder;
import org.springframework.kafka.KafkaException;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.kafka.support.SimpleKafkaHeaderMapper;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageHeaders;

import dev.awty.AwtyHeaders;
import dev.awty.integration.kafka.KafkaAcknowledgements;
import dev.awty.spi.PublishOutcome;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The step in front of Kafka's adapter hands the acknowledgement over as the send's future token and writes awty's
 * headers as text on a copy: another subscriber of the same channel still sees the message awty published. The
 * test sits in {@link BrokerAcknowledgement}'s package to build one as the publisher does.
 */
class KafkaStepTests {

	private static final Instant DUE_AT = Instant.parse("2026-11-28T12:00:00Z");

	private final BrokerAcknowledgement acknowledgement = new BrokerAcknowledgement("purchase/7/1");

	@Test
	void theKafkaStepGivesTheAdapterTheAcknowledgementAsItsFutureTokenAndTextHeaders() {
		Message<?> published = awtyMessage();
		Message<?> sent = KafkaAcknowledgements.sendResults().transform(published);
		assertThat(sent.getHeaders().get(KafkaIntegrationHeaders.FUTURE_TOKEN)).isSameAs(this.acknowledgement);
		assertThat(sent.getHeaders()).doesNotContainKey(BrokerAcknowledgement.HEADER)
			.containsEntry(AwtyHeaders.DUE_AT, "2026-11-28T12:00:00Z")
			.containsEntry(AwtyHeaders.ATTEMPT, "2")
			.containsEntry(AwtyHeaders.EVENT_ID, "purchase/7/1");
		assertThat(sent.getPayload()).isEqualTo("{\"id\":7}");
		assertThat(this.acknowledgement.isExpected()).isTrue();
		assertThat(published.getHeaders()).containsEntry(AwtyHeaders.DUE_AT, DUE_AT)
			.containsEntry(AwtyHeaders.ATTEMPT, 2)
			.containsEntry(BrokerAcknowledgement.HEADER, this.acknowledgement)
			.doesNotContainKey(KafkaIntegrationHeaders.FUTURE_TOKEN);
	}

	@Test
	void theKafkaHeaderMapperWritesTheTextAndByteHeadersThatSpringKafkasSimpleMapperWrites() {
		Message<?> sent = MutableMessageBuilder.fromMessage(KafkaAcknowledgements.sendResults().transform(awtyMessage()))
			.setHeader("trace_bytes", new byte[] { 1, 2 })
			.setHeader("tenant", "shop-1")
			.setHeader("priority", 3)
			.setHeader(KafkaHeaders.TOPIC, "purchases")
			.setHeader(KafkaHeaders.KEY, "7")
			.setHeader(MessageHeaders.REPLY_CHANNEL, new Object())
			.build();
		RecordHeaders written = new RecordHeaders();
		KafkaAcknowledgements.textHeaders().fromHeaders(sent.getHeaders(), written);
		SimpleKafkaHeaderMapper simple = new SimpleKafkaHeaderMapper();
		simple.setMapAllStringsOut(true);
		RecordHeaders expected = new RecordHeaders();
		simple.fromHeaders(sent.getHeaders(), expected);

		assertThat(written).extracting(Header::key)
			.containsExactlyInAnyOrder(AwtyHeaders.EVENT_ID, AwtyHeaders.DUE_AT, AwtyHeaders.ATTEMPT, "trace_bytes",
					"tenant");
		assertThat(written).containsExactlyInAnyOrderElementsOf(expected);
		assertThat(written.lastHeader(AwtyHeaders.DUE_AT).value())
			.isEqualTo("2026-11-28T12:00:00Z".getBytes(StandardCharsets.UTF_8));
	}

	@Test
	void aSendThatKafkaCompletedIsADeliveryAndOneThatFailedIsAFailedAttemptWithTheCause() throws Exception {
		BrokerAcknowledgement failing = new BrokerAcknowledgement("purchase/8/1");
		CompletableFuture<Object> sent = new CompletableFuture<>();
		CompletableFuture<Object> refused = new CompletableFuture<>();
		KafkaAcknowledgements.futuresHandler().handleMessage(sendFuture(this.acknowledgement, sent));
		KafkaAcknowledgements.futuresHandler().handleMessage(sendFuture(failing, refused));

		sent.complete("record metadata");
		refused.completeExceptionally(new KafkaException("Topic purchases not present in metadata after 60000 ms."));

		assertThat(this.acknowledgement.answered().get(5, TimeUnit.SECONDS).succeeded()).isTrue();
		PublishOutcome failed = failing.answered().get(5, TimeUnit.SECONDS);
		assertThat(failed.succeeded()).isFalse();
		assertThat(failed.error()).contains("Topic purchases not present in metadata after 60000 ms.");
	}

	@Test
	void aMessageAwtyDidNotPublishPassesUnchanged() {
		Message<?> foreign = MutableMessageBuilder.withPayload("{}").build();

		assertThat(KafkaAcknowledgements.sendResults().transform(foreign)).isSameAs(foreign);
	}

	private static Message<?> sendFuture(BrokerAcknowledgement acknowledgement, CompletableFuture<Object> future) {
		return MutableMessageBuilder.withPayload(future)
			.setHeader(KafkaIntegrationHeaders.FUTURE_TOKEN, acknowledgement)
			.build();
	}

	/** As awty builds a row's message: mutable, so that the publisher adds the route to it without a copy. */
	private Message<?> awtyMessage() {
		return MutableMessageBuilder.withPayload("{\"id\":7}")
			.setHeader(AwtyHeaders.EVENT_ID, "purchase/7/1")
			.setHeader(AwtyHeaders.DUE_AT, DUE_AT)
			.setHeader(AwtyHeaders.ATTEMPT, 2)
			.setHeader(BrokerAcknowledgement.HEADER, this.acknowledgement)
			.build();
	}

}
