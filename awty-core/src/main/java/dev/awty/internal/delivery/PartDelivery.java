package dev.awty.internal.delivery;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import dev.awty.ScheduledEntity;
import dev.awty.internal.outcome.OutcomeQueue;
import dev.awty.internal.outcome.Reservation;
import dev.awty.internal.outcome.RowResult;
import dev.awty.internal.pipeline.kit.LeaseHeartbeat;
import dev.awty.internal.support.ErrorText;

/**
 * The worker's side of a batch held by a lease ({@link BatchDelivery}): publishes its due rows (or hands them to the
 * handler) in parts of {@code mark-every} rows, and hands each part's outcomes to the {@link OutcomeQueue} once they
 * are known. Logs under {@code BatchDelivery}'s category, which operators already know.
 */
final class PartDelivery<T extends ScheduledEntity> {

	private static final Log logger = LogFactory.getLog(BatchDelivery.class);

	private final String typeName;

	private final int markEvery;

	private final PartPublisher<T> parts;

	private final @Nullable HandlerStep<T> handlerStep;

	private final OutcomeQueue<T> writer;

	private final ClaimSizing sizing;

	PartDelivery(String typeName, int markEvery, PartPublisher<T> parts, @Nullable HandlerStep<T> handlerStep,
			OutcomeQueue<T> writer, ClaimSizing sizing) {
		this.typeName = typeName;
		this.markEvery = markEvery;
		this.parts = parts;
		this.handlerStep = handlerStep;
		this.writer = writer;
		this.sizing = sizing;
	}

	/**
	 * Publishes {@code due} in parts of {@code mark-every} rows, each sent while the previous parts are acknowledged
	 * and written, within the worker's bound of rows ahead of its writes.
	 * @param answered collects each part's answer, for the caller to wait on
	 * @param handedOver collects the ids of the rows handed to the writer, which lets them go once written
	 */
	void deliver(ClaimedBatch<T> batch, LeaseHeartbeat<Long>.Held rows, List<T> due,
			List<CompletableFuture<?>> answered, Set<Long> handedOver) {
		for (int from = 0; from < due.size(); from += this.markEvery) {
			List<T> part = rows.stillHeld(due.subList(from, Math.min(due.size(), from + this.markEvery)),
					ScheduledEntity::getId);
			if (part.isEmpty()) {
				continue;
			}
			long waiting = System.nanoTime();
			Reservation reservation = this.writer.reserve(part.size());
			long started = System.nanoTime();
			CompletableFuture<List<RowResult<T>>> results;
			try {
				results = (this.handlerStep != null)
						? CompletableFuture.completedFuture(this.handlerStep.run(part, batch)) : this.parts.publish(part);
			}
			catch (RuntimeException | Error ex) {
				reservation.cancel();
				throw ex;
			}
			long sent = System.nanoTime();
			answered.add(results.whenComplete((known, failure) -> {
				if (known == null) {
					reservation.cancel();
					return;
				}
				try {
					finished(batch.token(), rows, part, known, reservation, started);
					part.forEach((row) -> handedOver.add(row.getId()));
				}
				catch (RuntimeException | Error ex) {
					// not handed over: nothing writes them, and the worker would wait for its budget for good
					reservation.cancel();
					logger.warn("awty: the outcomes of " + part.size() + " row(s) of type '" + this.typeName
							+ "' could not be handed to the writer (" + ErrorText.of(ex)
							+ "); they are claimed again once their lease runs out");
				}
			}));
			if (logger.isDebugEnabled()) {
				// where a worker's time goes: a database slower than the worker's publishing shows in the first
				// figure, a slow channel or consumer in the second (a broker's answers come after both)
				logger.debug(String.format("awty: %s part of %d row(s): waited %.1f ms for earlier outcomes to be"
						+ " written, sent in %.1f ms", this.typeName, part.size(), (started - waiting) / 1e6,
						(sent - started) / 1e6));
			}
		}
	}

	/**
	 * Hands a part's outcomes to the writer once they are known: on the worker, or on the broker client's thread
	 * that brought the last answer. The rows stay held, their leases extended, until their outcomes are written: while
	 * they wait for a writer, or for a write that waits on the database, no other instance claims them again.
	 */
	private void finished(String token, LeaseHeartbeat<Long>.Held rows, List<T> part, List<RowResult<T>> results,
			Reservation reservation, long started) {
		// Measured before the outcomes are written, so that a claim made after they are visible is sized by them.
		this.sizing.measured(part.size(), System.nanoTime() - started);
		List<Long> ids = part.stream().map(ScheduledEntity::getId).toList();
		this.writer.write(token, results, reservation, () -> rows.release(ids));
	}

}
