package dev.awty.integration;

import java.net.ConnectException;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;

import org.springframework.amqp.AmqpConnectException;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.integration.channel.DirectChannel;
import org.springframework.integration.support.MessageBuilder;
import org.springframework.kafka.KafkaException;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageHandler;
import org.springframework.messaging.MessageHandlingException;

import dev.awty.AwtyHeaders;
import dev.awty.spi.PublishOutcome;

import static org.assertj.core.api.Assertions.assertThat;

class ChannelEventPublisherTests {

	private static final Duration ACK_TIMEOUT = Duration.ofMillis(300);

	private final AtomicInteger handled = new AtomicInteger();

	private ChannelEventPublisher publisherTo(MessageHandler handler) {
		DirectChannel channel = new DirectChannel();
		channel.subscribe((message) -> {
			this.handled.incrementAndGet();
			handler.handleMessage(message);
		});
		DefaultListableBeanFactory beanFactory = new DefaultListableBeanFactory();
		beanFactory.registerSingleton("events", channel);
		return new ChannelEventPublisher(beanFactory, Duration.ofSeconds(1), ACK_TIMEOUT);
	}

	private static List<Message<?>> messages(int count) {
		return IntStream.range(0, count)
			.<Message<?>>mapToObj((i) -> MessageBuilder.withPayload(i).setHeader(AwtyHeaders.EVENT_ID, "t/" + i + "/1").build())
			.toList();
	}

	@Test
	void inProcessConsumerThatReturnsNormallyIsADeliveryWithoutWaiting() {
		long start = System.nanoTime();
		List<PublishOutcome> outcomes = publisherTo((message) -> {
		}).publish("events", messages(3));
		assertThat(outcomes).allMatch(PublishOutcome::succeeded);
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(ACK_TIMEOUT);
	}

	@Test
	void sendsTheWholeBatchBeforeWaitingForTheExpectedAcknowledgements() {
		Queue<BrokerAcknowledgement> pending = new ConcurrentLinkedQueue<>();
		List<PublishOutcome> outcomes = publisherTo((message) -> {
			BrokerAcknowledgement acknowledgement = BrokerAcknowledgement.of(message);
			acknowledgement.expect();
			pending.add(acknowledgement);
			if (pending.size() == 5) {
				// a broker answering only once the last message is out: one wait per message would time out
				new Thread(() -> pending.forEach(BrokerAcknowledgement::acknowledged)).start();
			}
		}).publish("events", messages(5));
		assertThat(outcomes).allMatch(PublishOutcome::succeeded);
	}

	@Test
	void rejectedOrUnansweredMessageFailsWithItsReasonAndTheOthersSucceed() {
		List<PublishOutcome> outcomes = publisherTo((message) -> {
			BrokerAcknowledgement acknowledgement = BrokerAcknowledgement.of(message);
			acknowledgement.expect();
			switch ((Integer) message.getPayload()) {
				case 0 -> acknowledgement.rejected("negatively confirmed");
				case 1 -> {
					// never answered
				}
				default -> acknowledgement.acknowledged();
			}
		}).publish("events", messages(3));
		assertThat(outcomes).extracting(PublishOutcome::error)
			.containsExactly("negatively confirmed", "no acknowledgement from the broker within 300 ms", null);
	}

	@Test
	void rejectionWithTheClientsExceptionFailsWithItsMostSpecificCause() {
		List<PublishOutcome> outcomes = publisherTo((message) -> {
			BrokerAcknowledgement acknowledgement = BrokerAcknowledgement.of(message);
			acknowledgement.expect();
			acknowledgement.rejected(new MessageHandlingException(message, "Failed to send",
					new IllegalStateException("producer fenced")));
		}).publish("events", messages(1));
		assertThat(outcomes).extracting(PublishOutcome::error).containsExactly("IllegalStateException: producer fenced");
	}

	@Test
	void exceptionFromTheFlowIsAFailureOfThatMessageOnly() {
		List<PublishOutcome> outcomes = publisherTo((message) -> {
			if ((Integer) message.getPayload() == 1) {
				throw new IllegalStateException("consumer is down");
			}
		}).publish("events", messages(3));
		assertThat(outcomes).extracting(PublishOutcome::error)
			.containsExactly(null, "IllegalStateException: consumer is down", null);
		assertThat(this.handled).hasValue(3);
	}

	@Test
	void errorFromTheFlowIsAFailureOfThatMessageOnlyAndTheMessagesConsumedBeforeItAreDelivered() {
		List<PublishOutcome> outcomes = publisherTo((message) -> {
			if ((Integer) message.getPayload() == 1) {
				throw new AssertionError("consumer's check failed");
			}
		}).publish("events", messages(3));
		assertThat(outcomes).extracting(PublishOutcome::error)
			.containsExactly(null, "AssertionError: consumer's check failed", null);
		assertThat(this.handled).hasValue(3);
	}

	@Test
	void unreachableBrokerFailsTheRestOfTheBatchWithoutTryingEachMessage() {
		List<PublishOutcome> outcomes = publisherTo((message) -> {
			throw new AmqpConnectException(new ConnectException("Connection refused"));
		}).publish("events", messages(4));
		assertThat(outcomes).extracting(PublishOutcome::error).containsOnly("ConnectException: Connection refused");
		assertThat(this.handled).hasValue(1);
	}

	@Test
	void producerBlockedUntilItsTimeoutFailsTheRestOfTheBatchWithoutBlockingOnEachMessage() {
		// What a Kafka producer throws after waiting max.block.ms for the metadata of an unreachable cluster.
		List<PublishOutcome> outcomes = publisherTo((message) -> {
			throw new MessageHandlingException(message, "Failed to send",
					new KafkaException("Send failed", new TimeoutException("Topic events not present in metadata after 60000 ms.")));
		}).publish("events", messages(4));
		assertThat(outcomes).noneMatch(PublishOutcome::succeeded);
		assertThat(this.handled).hasValue(1);
	}

	@Test
	void failureThatIsNeitherUnreachableNorBlockedFailsOnlyItsOwnMessage() {
		List<PublishOutcome> outcomes = publisherTo((message) -> {
			throw new MessageHandlingException(message, "Failed to send", new KafkaException("record too large"));
		}).publish("events", messages(3));
		assertThat(outcomes).noneMatch(PublishOutcome::succeeded);
		assertThat(this.handled).hasValue(3);
	}

}
