package dev.awty.internal.outcome;

import java.time.Instant;
import java.util.List;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.ScheduledEntity;
import dev.awty.internal.pipeline.kit.DeliveryCounters;

/**
 * Counts and logs what a batch's write did: rows delivered (with their lag), fence misses, failed attempts and
 * guard failures. A broker outage fails whole batches: one line for the batch then, the per-row lines at debug.
 * Logs under {@code BatchWriter}'s category, which operators already know.
 */
final class OutcomeReport {

	private static final Log logger = LogFactory.getLog(BatchWriter.class);

	/** More failures than this in one batch are logged as one line for the batch. */
	private static final int MAX_FAILURE_LINES_PER_BATCH = 10;

	private final String typeName;

	private final int maxAttempts;

	private final DeliveryCounters counters;

	OutcomeReport(String typeName, int maxAttempts, DeliveryCounters counters) {
		this.typeName = typeName;
		this.maxAttempts = maxAttempts;
		this.counters = counters;
	}

	<T extends ScheduledEntity> void report(SortedOutcomes<T> outcomes, int marked) {
		List<RowResult<T>> finished = outcomes.finished();
		this.counters.delivered(marked);
		Instant now = Instant.now();
		for (RowResult<T> result : finished) {
			if (result.kind() == RowResult.Kind.DELIVERED) {
				this.counters.published(result.row().getDueAt(), now);
			}
		}
		if (marked < finished.size()) {
			this.counters.fenceMisses(finished.size() - marked);
			logger.warn("awty: " + (finished.size() - marked) + " published row(s) of type '" + this.typeName
					+ "' had been claimed again after their lease ran out and may be delivered twice");
		}
		failed(outcomes.failed());
		for (RowResult<T> result : outcomes.stopped()) {
			logger.warn("awty: row " + result.row().getId() + " of type '" + this.typeName + "' (event " + result.eventId()
					+ ") is FAILED: " + result.error());
		}
	}

	private <T extends ScheduledEntity> void failed(List<RowResult<T>> failed) {
		if (failed.isEmpty()) {
			return;
		}
		this.counters.failedAttempts(failed.size());
		boolean perRow = failed.size() <= MAX_FAILURE_LINES_PER_BATCH;
		for (RowResult<T> result : failed) {
			this.counters.failedAttempt(result.row().getAttempts() + 1 < this.maxAttempts);
			logFailure(result, perRow);
		}
		if (!perRow) {
			RowResult<T> first = failed.get(0);
			logger.warn("awty: " + failed.size() + " row(s) of type '" + this.typeName + "' failed in one batch, the first row "
					+ first.row().getId() + " (event " + first.eventId() + ", attempt " + (first.row().getAttempts() + 1)
					+ " of " + this.maxAttempts + "): " + first.error()
					+ "; each is tried again after a backoff, or is FAILED after its last attempt");
		}
	}

	/** One line per failed attempt, at warn unless the batch is summarised; stack traces are at debug. */
	private void logFailure(RowResult<?> result, boolean warn) {
		if (!warn && !logger.isDebugEnabled()) {
			return;
		}
		int attempt = result.row().getAttempts() + 1;
		String outcome = (attempt >= this.maxAttempts) ? "row is now FAILED" : "tried again after a backoff";
		String line = "awty: attempt " + attempt + " of " + this.maxAttempts + " failed for row " + result.row().getId()
				+ " of type '" + this.typeName + "' (event " + result.eventId() + "), " + outcome + ": " + result.error();
		if (warn) {
			logger.warn(line);
		}
		else {
			logger.debug(line);
		}
	}

}
