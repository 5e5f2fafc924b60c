package dev.awty.internal.delivery;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.messaging.Message;

import dev.awty.ScheduledEntity;
import dev.awty.internal.jdbc.ClaimTokens;
import dev.awty.internal.jdbc.EventClaims;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.PublishOutcome;

/**
 * The delivery cycle for one type, in two steps: claim due rows; then publish them (or, for a type with a
 * handler, let the handler decide) and hand what became of each row to the {@link BatchWriter}.
 */
final class BatchDelivery<T extends ScheduledEntity> {

	private final EventClaims<T> claims;

	private final TypeSettings settings;

	private final EventPublisher publisher;

	private final BatchWriter<T> writer;

	private final @Nullable HandlerStep<T> handlerStep;

	private final DeliveryCounters counters;

	private final ClaimTokens tokens;

	BatchDelivery(EventClaims<T> claims, TypeSettings settings, EventPublisher publisher, String instanceId,
			BatchWriter<T> writer, @Nullable HandlerStep<T> handlerStep, DeliveryCounters counters) {
		this.claims = claims;
		this.settings = settings;
		this.publisher = publisher;
		this.tokens = new ClaimTokens(instanceId + "#");
		this.writer = writer;
		this.handlerStep = handlerStep;
		this.counters = counters;
	}

	/**
	 * @return the claimed rows; fewer than the batch size means nothing more is due now
	 */
	ClaimedBatch<T> claim() {
		String token = this.tokens.next();
		long started = System.nanoTime();
		EventClaims.Claimed<T> claimed = this.claims.claimDue(token, this.settings.batchSize(), this.settings.lease(),
				this.settings.byPriority(), this.settings.claimAhead());
		long returned = System.nanoTime();
		this.counters.claimed(claimed.rows().size(), returned - started);
		if (!claimed.unreadable().isEmpty()) {
			UnreadableRows.fail(this.claims, token, claimed.unreadable(), this.settings, this.counters);
		}
		return new ClaimedBatch<>(token, claimed.rows(), claimed.databaseNow(), returned);
	}

	/** Gives claimed rows back unpublished, so that any instance can claim them at once. */
	void release(ClaimedBatch<T> batch) {
		this.claims.release(batch.rows().stream().map(ScheduledEntity::getId).toList(), batch.token());
	}

	boolean claimsSkipLockedRows() {
		return this.claims.skipLockedRows();
	}

	void process(ClaimedBatch<T> batch) {
		// Rows claimed ahead of their due time are published, or handed to the handler, once due.
		List<RowResult<T>> results = DueRelease.whenDue(batch, batch.rows(),
				(rows) -> (this.handlerStep != null) ? this.handlerStep.run(rows) : publishAll(rows));
		this.writer.write(batch.token(), results);
	}

	/** Stops what runs beside the pollers: the handler's threads. */
	void shutdown() {
		if (this.handlerStep != null) {
			this.handlerStep.shutdown();
		}
	}

	private List<RowResult<T>> publishAll(List<T> rows) {
		String typeName = this.claims.type().name();
		List<Message<?>> messages = rows.stream().<Message<?>>map((row) -> EventMessages.toMessage(typeName, row)).toList();
		long start = System.nanoTime();
		List<PublishOutcome> outcomes = SafePublish.publish(this.publisher, this.claims.type().channel(), messages);
		long millis = Duration.ofNanos(System.nanoTime() - start).toMillis();
		List<RowResult<T>> results = new ArrayList<>(rows.size());
		for (int i = 0; i < rows.size(); i++) {
			T row = rows.get(i);
			PublishOutcome outcome = outcomes.get(i);
			RowResult<T> delivered = RowResult.of(row, RowResult.Kind.DELIVERED, EventMessages.eventId(typeName, row), 0,
					millis);
			results.add(outcome.succeeded() ? delivered : delivered.failed(String.valueOf(outcome.error())));
		}
		return results;
	}

}
