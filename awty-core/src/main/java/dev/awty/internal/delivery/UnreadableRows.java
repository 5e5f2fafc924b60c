package dev.awty.internal.delivery;

import java.util.List;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.internal.claim.UnreadableRow;
import dev.awty.internal.outcome.FailedAttempt;
import dev.awty.internal.outcome.HeldRowWrites;
import dev.awty.internal.pipeline.kit.DeliveryCounters;

/**
 * Fails claimed rows that could not be read into their event class, each as a failed attempt fenced by the
 * claim: retried after a backoff (the data may be fixed meanwhile), FAILED after the last attempt, with the
 * reason in {@code last_error}. The rest of their batch is delivered as usual.
 */
final class UnreadableRows {

	private static final Log logger = LogFactory.getLog(UnreadableRows.class);

	private UnreadableRows() {
	}

	static void fail(HeldRowWrites writes, String typeName, String claimer, List<UnreadableRow> rows,
			TypeSettings settings, DeliveryCounters counters) {
		List<FailedAttempt> attempts = rows.stream()
			.map((row) -> new FailedAttempt(row.id(), row.error(), settings.backoff().delayMillis(row.attempts() + 1)))
			.toList();
		writes.recordFailures(attempts, claimer, settings.maxAttempts());
		counters.failedAttempts(rows.size());
		for (UnreadableRow row : rows) {
			boolean retried = row.attempts() + 1 < settings.maxAttempts();
			counters.failedAttempt(retried);
			logger.warn("awty: row " + row.id() + " of type '" + typeName + "' could not be read, attempt "
					+ (row.attempts() + 1) + " of " + settings.maxAttempts() + " failed"
					+ (retried ? " and is tried again after a backoff: " : ", the row is now FAILED: ") + row.error());
		}
	}

}
