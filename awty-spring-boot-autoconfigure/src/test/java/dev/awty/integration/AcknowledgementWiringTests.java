package dev.awty.integration;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.integration.channel.DirectChannel;
import org.springframework.integration.channel.ExecutorChannel;
import org.springframework.integration.channel.AbstractSubscribableChannel;
import org.springframework.integration.kafka.support.KafkaIntegrationHeaders;
import org.springframework.integration.support.MessageBuilder;
import org.springframework.integration.transformer.Transformer;
import org.springframework.kafka.KafkaException;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageHandler;

import dev.awty.AwtyHeaders;
import dev.awty.integration.amqp.AmqpAcknowledgements;
import dev.awty.integration.kafka.KafkaAcknowledgements;
import dev.awty.spi.PublishOutcome;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Mistakes in wiring the broker acknowledgements that would otherwise fail silently: an acknowledging step that
 * expects the broker's answer only after the channel's send returned (behind an executor channel), and an adapter
 * whose answers never reach awty (Kafka without {@code .futuresChannel(...)}, RabbitMQ without publisher confirms).
 */
@ExtendWith(OutputCaptureExtension.class)
class AcknowledgementWiringTests {

	private static final Duration ACK_TIMEOUT = Duration.ofMillis(200);

	private static final String LATE_EXPECT = "awty: a step of the flow of channel 'events' expected the broker's"
			+ " acknowledgement only after the channel's send had returned";

	private static final String NO_ANSWER = "awty: no message sent to channel 'events' was acknowledged in 3 parts"
			+ " in a row, though their sends succeeded: ";

	private final ExecutorService executor = Executors.newSingleThreadExecutor();

	private int parts;

	@AfterEach
	void stopExecutor() {
		this.executor.shutdownNow();
	}

	private ChannelEventPublisher publisherTo(AbstractSubscribableChannel channel, Transformer step,
			MessageHandler adapter) {
		channel.subscribe((message) -> adapter.handleMessage(step.transform(message)));
		DefaultListableBeanFactory beanFactory = new DefaultListableBeanFactory();
		beanFactory.registerSingleton("events", channel);
		return new ChannelEventPublisher(beanFactory, Duration.ofSeconds(1), ACK_TIMEOUT);
	}

	/** A part of {@code count} messages as awty sends them, each with an event id of its own. */
	private List<Message<?>> part(int count) {
		int part = ++this.parts;
		return IntStream.range(0, count)
			.<Message<?>>mapToObj((i) -> MessageBuilder.withPayload(i)
				.setHeader(AwtyHeaders.EVENT_ID, "t/" + part + "-" + i + "/1")
				.build())
			.toList();
	}

	/** A Kafka adapter whose sends all fail, publishing each send's future to awty's futures channel. */
	private static MessageHandler kafkaAdapterWhoseSendsFail() {
		MessageHandler futures = KafkaAcknowledgements.futuresHandler();
		return (message) -> futures.handleMessage(MessageBuilder
			.withPayload(CompletableFuture.failedFuture(new KafkaException("broker down")))
			.setHeader(KafkaIntegrationHeaders.FUTURE_TOKEN, message.getHeaders().get(KafkaIntegrationHeaders.FUTURE_TOKEN))
			.build());
	}

	@Test
	void anAcknowledgingStepBehindAnExecutorChannelIsLoggedAsAnErrorAndItsChannelsRowsWaitForTheBrokerFromThen(
			CapturedOutput output) {
		// The first message's step runs only once its send returned and awty decided, as a busy executor would run it:
		// held here, so that the order does not depend on how fast the executor's thread gets to it.
		List<Runnable> held = new ArrayList<>();
		AtomicBoolean holding = new AtomicBoolean(true);
		Executor executor = (task) -> {
			if (holding.get()) {
				held.add(task);
			}
			else {
				this.executor.execute(task);
			}
		};
		ChannelEventPublisher publisher = publisherTo(new ExecutorChannel(executor),
				KafkaAcknowledgements.sendResults(), kafkaAdapterWhoseSendsFail());

		publisher.publish("events", part(1));
		holding.set(false);
		held.forEach(Runnable::run);

		assertThat(output.getOut()).contains(LATE_EXPECT).contains("ERROR")
			.contains("Put the acknowledging step (KafkaAcknowledgements.sendResults(),"
					+ " AmqpAcknowledgements.publisherConfirms()) before any executor or queue channel of the flow");
		List<PublishOutcome> later = publisher.publish("events", part(1));
		assertThat(later).extracting(PublishOutcome::error).containsExactly("KafkaException: broker down");
		publisher.publish("events", part(1));
		assertThat(output.getOut().split(LATE_EXPECT, -1)).as("logged once").hasSize(2);
	}

	@Test
	void aKafkaAdapterWithoutAFuturesChannelIsHintedOnceWhenNoSendIsAnsweredInThreePartsInARow(CapturedOutput output) {
		ChannelEventPublisher publisher = publisherTo(new DirectChannel(), KafkaAcknowledgements.sendResults(),
				(message) -> {
					// the adapter sends the record; without .futuresChannel(...), its future goes nowhere
				});

		for (int part = 0; part < 2; part++) {
			assertThat(publisher.publish("events", part(2))).extracting(PublishOutcome::error)
				.containsOnly("no acknowledgement from the broker within 200 ms");
		}
		assertThat(output.getOut()).doesNotContain(NO_ANSWER);
		publisher.publish("events", part(2));
		publisher.publish("events", part(2));

		assertThat(output.getOut()).contains(NO_ANSWER + "the Kafka outbound adapter sends its futures nowhere awty"
				+ " sees them: add .futuresChannel(KafkaAcknowledgements.FUTURES_CHANNEL) to it");
		assertThat(output.getOut().split(NO_ANSWER, -1)).as("logged once").hasSize(2);
	}

	@Test
	void aRabbitTemplateWithoutPublisherConfirmsIsHintedWhenNoSendIsAnsweredInThreePartsInARow(CapturedOutput output) {
		ChannelEventPublisher publisher = publisherTo(new DirectChannel(), AmqpAcknowledgements.publisherConfirms(),
				(message) -> {
					// without publisher confirms, RabbitMQ never completes the correlation
				});

		for (int part = 0; part < 3; part++) {
			publisher.publish("events", part(1));
		}

		assertThat(output.getOut()).contains(NO_ANSWER + "RabbitMQ confirms nothing unless the connection factory has"
				+ " correlated publisher confirms: set spring.rabbitmq.publisher-confirm-type=correlated");
	}

	@Test
	void aBrokerThatStopsAnsweringAfterItHasAnsweredIsAnOutageNotAWiringMistakeAndGetsNoHint(CapturedOutput output) {
		boolean[] answering = { true };
		MessageHandler futures = KafkaAcknowledgements.futuresHandler();
		ChannelEventPublisher publisher = publisherTo(new DirectChannel(), KafkaAcknowledgements.sendResults(),
				(message) -> {
					if (answering[0]) {
						futures.handleMessage(MessageBuilder.withPayload(CompletableFuture.completedFuture("sent"))
							.copyHeaders(message.getHeaders())
							.build());
					}
				});
		assertThat(publisher.publish("events", part(1))).allMatch(PublishOutcome::succeeded);

		answering[0] = false;
		for (int part = 0; part < 4; part++) {
			publisher.publish("events", part(1));
		}

		assertThat(output.getOut()).doesNotContain(NO_ANSWER);
	}

}
