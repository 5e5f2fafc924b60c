package dev.awty.internal.delivery;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.messaging.Message;

import dev.awty.ScheduledEntity;
import dev.awty.internal.model.EntityMapper;
import dev.awty.internal.outcome.RowResult;
import dev.awty.internal.pipeline.kit.SafePublish;
import dev.awty.internal.support.ErrorText;
import dev.awty.internal.tracing.RowTracing;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.PublishOutcome;

/**
 * Publishes a part of a batch to its type's channel, one message per row, and tells what became of each row once the
 * messaging system has answered for all of them: delivered, or failed with the publisher's error.
 */
final class PartPublisher<T extends ScheduledEntity> {

	private static final Log logger = LogFactory.getLog(PartPublisher.class);

	private final String typeName;

	private final String channel;

	private final EventPublisher publisher;

	private final RowTracing tracing;

	PartPublisher(String typeName, String channel, EventPublisher publisher, RowTracing tracing) {
		this.typeName = typeName;
		this.channel = channel;
		this.publisher = publisher;
		this.tracing = tracing;
	}

	/** Fails with a message naming the channel to declare when the type's channel cannot be resolved. */
	void verify() {
		this.publisher.verifyChannel(this.channel, this.typeName);
	}

	CompletableFuture<List<RowResult<T>>> publish(List<T> rows) {
		List<Message<?>> messages = new ArrayList<>(rows.size());
		// built once: its message and its history entry carry it
		String[] eventIds = new String[rows.size()];
		// untraced, a delivery allocates nothing per row beyond its message
		boolean tracing = this.tracing != RowTracing.NONE;
		List<RowTracing.Step> traced = tracing ? new ArrayList<>(rows.size()) : List.of();
		for (int i = 0; i < rows.size(); i++) {
			T row = rows.get(i);
			eventIds[i] = EventMessages.eventId(this.typeName, row);
			if (tracing) {
				Map<String, Object> traceHeaders = new HashMap<>(2);
				traced.add(this.tracing.publish(this.typeName, Objects.requireNonNull(row.getId()),
						EntityMapper.traceParent(row), traceHeaders));
				messages.add(EventMessages.toMessage(this.typeName, row, eventIds[i], traceHeaders));
			}
			else {
				messages.add(EventMessages.toMessage(this.typeName, row, eventIds[i], Map.of()));
			}
		}
		long start = System.nanoTime();
		return SafePublish.publishAsync(this.publisher, this.channel, messages).thenApply((outcomes) -> {
			long millis = Duration.ofNanos(System.nanoTime() - start).toMillis();
			for (int i = 0; i < traced.size(); i++) {
				end(traced.get(i), outcomes.get(i));
			}
			List<RowResult<T>> results = new ArrayList<>(rows.size());
			for (int i = 0; i < rows.size(); i++) {
				T row = rows.get(i);
				PublishOutcome outcome = outcomes.get(i);
				RowResult<T> delivered = RowResult.of(row, RowResult.Kind.DELIVERED, eventIds[i], 0, millis);
				results.add(outcome.succeeded() ? delivered : delivered.failed(String.valueOf(outcome.error())));
			}
			return results;
		});
	}

	/**
	 * Ends a row's trace. An observation handler's failure is logged, not thrown: it would fail the part, whose
	 * rows were published all the same.
	 */
	private void end(RowTracing.Step step, PublishOutcome outcome) {
		try {
			step.end(outcome.succeeded() ? null : String.valueOf(outcome.error()));
		}
		catch (RuntimeException | Error ex) {
			logger.warn("awty: the trace of a published row of type '" + this.typeName + "' could not be ended ("
					+ ErrorText.of(ex) + ")");
		}
	}

}
