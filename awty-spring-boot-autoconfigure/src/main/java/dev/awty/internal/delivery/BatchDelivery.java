package dev.awty.internal.delivery;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.DataAccessException;
import org.springframework.messaging.Message;

import dev.awty.OnDelivered;
import dev.awty.ScheduledEntity;
import dev.awty.internal.jdbc.EventClaims;
import dev.awty.internal.jdbc.FailedAttempt;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.PublishOutcome;

/**
 * The delivery cycle for one type, in two steps: claim due rows; then publish them, mark (or delete) the
 * published ones in one statement, and record the failed ones with their backoff.
 */
final class BatchDelivery<T extends ScheduledEntity> {

	private static final Log logger = LogFactory.getLog(BatchDelivery.class);

	/** A database blip between publish and mark would otherwise turn a whole batch into duplicates. */
	private static final int WRITE_ATTEMPTS = 4;

	private final EventClaims<T> claims;

	private final TypeSettings settings;

	private final EventPublisher publisher;

	private final String instanceId;

	private final DeliveryCounters counters;

	private final AtomicLong claimSequence = new AtomicLong();

	BatchDelivery(EventClaims<T> claims, TypeSettings settings, EventPublisher publisher, String instanceId,
			DeliveryCounters counters) {
		this.claims = claims;
		this.settings = settings;
		this.publisher = publisher;
		this.instanceId = instanceId;
		this.counters = counters;
	}

	/**
	 * @return the claimed rows; fewer than the batch size means nothing more is due now
	 */
	ClaimedBatch<T> claim() {
		String token = this.instanceId + "#" + this.claimSequence.incrementAndGet();
		EventClaims.Claimed<T> claimed = this.claims.claimDue(token, this.settings.batchSize(), this.settings.lease(),
				this.settings.byPriority(), this.settings.claimAhead());
		return new ClaimedBatch<>(token, claimed.rows(), claimed.databaseNow(), System.nanoTime());
	}

	/** Gives claimed rows back unpublished, so that any instance can claim them at once. */
	void release(ClaimedBatch<T> batch) {
		this.claims.release(batch.rows().stream().map(ScheduledEntity::getId).toList(), batch.token());
	}

	boolean claimsSkipLockedRows() {
		return this.claims.skipLockedRows();
	}

	void process(ClaimedBatch<T> batch) {
		List<T> rows = batch.rows();
		String claimer = batch.token();
		String typeName = this.claims.type().name();
		List<Message<?>> messages = rows.stream().<Message<?>>map((row) -> EventMessages.toMessage(typeName, row)).toList();
		List<PublishOutcome> outcomes = DueRelease.publishWhenDue(batch, messages, this::publish);
		List<Long> delivered = new ArrayList<>(rows.size());
		List<FailedAttempt> failed = new ArrayList<>();
		for (int i = 0; i < rows.size(); i++) {
			T row = rows.get(i);
			PublishOutcome outcome = outcomes.get(i);
			if (outcome.succeeded()) {
				delivered.add(row.getId());
			}
			else {
				int attempt = row.getAttempts() + 1;
				failed.add(new FailedAttempt(row.getId(), String.valueOf(outcome.error()),
						this.settings.backoff().delayMillis(attempt)));
				logFailure(typeName, row, attempt, String.valueOf(outcome.error()));
			}
		}
		int finished = withRetry("mark delivered", () -> (this.settings.onDelivered() == OnDelivered.DELETE)
				? this.claims.deleteDelivered(delivered, claimer)
				: this.claims.markDelivered(delivered, claimer));
		this.counters.delivered(finished);
		if (finished < delivered.size()) {
			this.counters.fenceMisses(delivered.size() - finished);
			logger.warn("awty: " + (delivered.size() - finished) + " published row(s) of type '" + typeName
					+ "' had been claimed again after their lease ran out and may be delivered twice");
		}
		if (!failed.isEmpty()) {
			withRetry("record failures", () -> {
				this.claims.recordFailures(failed, claimer, this.settings.maxAttempts());
				return failed.size();
			});
			this.counters.failedAttempts(failed.size());
			logger.warn("awty: " + failed.size() + " of " + rows.size() + " row(s) of type '" + typeName
					+ "' failed to publish (retried with backoff until " + this.settings.maxAttempts()
					+ " attempts); first error: " + failed.get(0).error());
		}
	}

	private List<PublishOutcome> publish(List<Message<?>> messages) {
		String channel = this.claims.type().channel();
		try {
			List<PublishOutcome> outcomes = this.publisher.publish(channel, messages);
			if (outcomes.size() == messages.size()) {
				return outcomes;
			}
			return Collections.nCopies(messages.size(), PublishOutcome.failure("publisher returned " + outcomes.size()
					+ " outcomes for " + messages.size() + " messages"));
		}
		catch (RuntimeException ex) {
			return Collections.nCopies(messages.size(), PublishOutcome.failure(ErrorText.of(ex)));
		}
	}

	private int withRetry(String what, Supplier<Integer> write) {
		for (int attempt = 1;; attempt++) {
			try {
				return write.get();
			}
			catch (DataAccessException ex) {
				if (attempt == WRITE_ATTEMPTS) {
					throw ex;
				}
				logger.warn("awty: could not " + what + " for type '" + this.claims.type().name() + "' ("
						+ NestedExceptionUtils.getMostSpecificCause(ex).getMessage() + "); trying again");
				sleep(250L * attempt * attempt);
			}
		}
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private void logFailure(String typeName, T row, int attempt, String error) {
		String eventId = EventMessages.eventId(typeName, row);
		if (attempt >= this.settings.maxAttempts()) {
			logger.warn("awty: row " + row.getId() + " of type '" + typeName + "' (event " + eventId + ") is FAILED after "
					+ attempt + " attempts: " + error);
		}
		else if (logger.isDebugEnabled()) {
			logger.debug("awty: attempt " + attempt + " of row " + row.getId() + " of type '" + typeName + "' (event "
					+ eventId + ") failed: " + error);
		}
	}

}
