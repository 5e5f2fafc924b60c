package dev.awty.internal.pipeline.kit;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;

import org.junit.jupiter.api.Test;

import org.springframework.integration.support.MessageBuilder;
import org.springframework.messaging.Message;

import dev.awty.spi.EventPublisher;
import dev.awty.spi.PublishOutcome;

import static org.assertj.core.api.Assertions.assertThat;

class SafePublishTests {

	@Test
	void messagesForSeveralChannelsArePublishedInOneCallPerChannelAndAnsweredInTheirOwnOrder() {
		List<String> calls = new ArrayList<>();
		EventPublisher publisher = publisher((channel, messages) -> {
			calls.add(channel + ":" + messages.stream().map(Message::getPayload).toList());
			return messages.stream()
				.map((message) -> message.getPayload().equals("b2") ? PublishOutcome.failure("refused b2")
						: PublishOutcome.success())
				.toList();
		});

		List<PublishOutcome> outcomes = SafePublish.publishEach(publisher,
				List.of(to("a", "a1"), to("b", "b1"), to("a", "a2"), to("b", "b2")));

		assertThat(calls).containsExactly("a:[a1, a2]", "b:[b1, b2]");
		assertThat(outcomes).extracting(PublishOutcome::succeeded).containsExactly(true, true, true, false);
		assertThat(outcomes.get(3).error()).isEqualTo("refused b2");
	}

	@Test
	void aChannelWhosePublisherThrowsFailsOnlyItsOwnMessages() {
		EventPublisher publisher = publisher((channel, messages) -> {
			if (channel.equals("broken")) {
				throw new AssertionError("a consumer's assertion");
			}
			return messages.stream().map((message) -> PublishOutcome.success()).toList();
		});

		List<PublishOutcome> outcomes = SafePublish.publishEach(publisher,
				List.of(to("broken", "x"), to("fine", "y")));

		assertThat(outcomes).extracting(PublishOutcome::succeeded).containsExactly(false, true);
		assertThat(outcomes.get(0).error()).contains("a consumer's assertion");
	}

	@Test
	void aPublisherAnsweringWithTheWrongNumberOfOutcomesFailsEveryMessage() {
		EventPublisher publisher = publisher((channel, messages) -> List.of(PublishOutcome.success()));

		List<PublishOutcome> outcomes = SafePublish.publish(publisher, "a",
				List.of(MessageBuilder.withPayload("1").build(), MessageBuilder.withPayload("2").build()));

		assertThat(outcomes).extracting(PublishOutcome::error)
			.containsOnly("publisher returned 1 outcomes for 2 messages");
	}

	@Test
	void anAsynchronousPublisherAnsweringWithNoListOrANullOutcomeFailsEveryMessageInsteadOfFailingThePart() {
		List<Message<?>> messages = List.of(MessageBuilder.withPayload("1").build(),
				MessageBuilder.withPayload("2").build());
		List<PublishOutcome> withNull = new ArrayList<>();
		withNull.add(PublishOutcome.success());
		withNull.add(null);

		CompletableFuture<List<PublishOutcome>> noList = SafePublish.publishAsync(answering(null), "a", messages);
		CompletableFuture<List<PublishOutcome>> nullOutcome = SafePublish.publishAsync(answering(withNull), "a",
				messages);

		assertThat(noList).isCompletedWithValueMatching((outcomes) -> outcomes.size() == 2
				&& outcomes.stream().noneMatch(PublishOutcome::succeeded));
		assertThat(nullOutcome).isCompletedWithValueMatching((outcomes) -> outcomes.size() == 2
				&& outcomes.stream().noneMatch(PublishOutcome::succeeded));
	}

	private static EventPublisher answering(List<PublishOutcome> outcomes) {
		return new EventPublisher() {

			@Override
			public CompletableFuture<List<PublishOutcome>> publishAsync(String channel, List<Message<?>> messages) {
				return CompletableFuture.completedFuture(outcomes);
			}

			@Override
			public List<PublishOutcome> publish(String channel, List<Message<?>> messages) {
				return outcomes;
			}

			@Override
			public void verifyChannel(String channel, String typeName) {
			}

		};
	}

	private static EventPublisher publisher(BiFunction<String, List<Message<?>>, List<PublishOutcome>> publish) {
		return new EventPublisher() {

			@Override
			public List<PublishOutcome> publish(String channel, List<Message<?>> messages) {
				return publish.apply(channel, messages);
			}

			@Override
			public void verifyChannel(String channel, String typeName) {
			}

		};
	}

	private static SafePublish.Addressed to(String channel, String payload) {
		return new SafePublish.Addressed(channel, MessageBuilder.withPayload(payload).build());
	}

}
