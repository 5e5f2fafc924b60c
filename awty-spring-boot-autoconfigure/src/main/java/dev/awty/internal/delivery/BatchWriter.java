package dev.awty.internal.delivery;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.DataAccessException;
import org.springframework.transaction.support.TransactionOperations;

import dev.awty.OnDelivered;
import dev.awty.ScheduledEntity;
import dev.awty.history.DeliveryOutcome;
import dev.awty.history.HistoryMode;
import dev.awty.internal.history.DeliveryLogWriter;
import dev.awty.internal.history.LogEntry;
import dev.awty.internal.jdbc.CheckAgain;
import dev.awty.internal.jdbc.CheckWrites;
import dev.awty.internal.jdbc.EventClaims;
import dev.awty.internal.jdbc.FailedAttempt;
import dev.awty.internal.jdbc.GuardFailure;

/**
 * Writes what became of a batch's rows: marks (or deletes) the finished ones in one statement, then records
 * failed attempts, check-agains and guard failures in batched statements, and the history entries in one
 * more; all in one transaction of awty's own, so a history entry exists exactly when its status change does.
 * When that write fails for a reason that trying again does not cure, the finished rows are still marked
 * ({@link OutcomeFallback}).
 */
final class BatchWriter<T extends ScheduledEntity> {

	private static final Log logger = LogFactory.getLog(BatchWriter.class);

	/** A database blip between publish and mark would otherwise turn a whole batch into duplicates. */
	private static final int WRITE_ATTEMPTS = 4;

	/** More failures than this in one batch are logged as one line for the batch. */
	private static final int MAX_FAILURE_LINES_PER_BATCH = 10;

	private final EventClaims<T> claims;

	private final CheckWrites checks;

	private final DeliveryLogWriter log;

	private final TransactionOperations transaction;

	private final TypeSettings settings;

	private final HistoryMode history;

	private final String instanceId;

	private final DeliveryCounters counters;

	BatchWriter(EventClaims<T> claims, CheckWrites checks, DeliveryLogWriter log, TransactionOperations transaction,
			TypeSettings settings, HistoryMode history, String instanceId, DeliveryCounters counters) {
		this.claims = claims;
		this.checks = checks;
		this.log = log;
		this.transaction = transaction;
		this.settings = settings;
		this.history = history;
		this.instanceId = instanceId;
		this.counters = counters;
	}

	void write(String claimer, List<RowResult<T>> results) {
		List<RowResult<T>> finished = new ArrayList<>();
		List<RowResult<T>> failed = new ArrayList<>();
		List<RowResult<T>> checkAgain = new ArrayList<>();
		List<RowResult<T>> stopped = new ArrayList<>();
		for (RowResult<T> result : results) {
			switch (result.kind()) {
				case DELIVERED, FINISHED -> finished.add(result);
				case FAILED_ATTEMPT -> failed.add(result);
				case CHECK_AGAIN -> checkAgain.add(result);
				case STOPPED -> stopped.add(result);
			}
		}
		List<FailedAttempt> attempts = failed.stream()
			.map((result) -> new FailedAttempt(result.row().getId(), String.valueOf(result.error()),
					this.settings.backoff().delayMillis(result.row().getAttempts() + 1)))
			.toList();
		int marked;
		try {
			marked = withRetry("write outcomes", () -> this.transaction.execute((status) -> {
				int count = finish(ids(finished), claimer);
				List<LogEntry> entries = new ArrayList<>();
				Set<Long> confirmed = confirmFinished(ids(finished), count, claimer);
				for (RowResult<T> result : finished) {
					if (confirmed.contains(result.row().getId())) {
						add(entries, result, (result.kind() == RowResult.Kind.DELIVERED) ? DeliveryOutcome.DELIVERED
								: DeliveryOutcome.FINISHED, null);
					}
				}
				int[] failures = attempts.isEmpty() ? new int[0]
						: this.claims.recordFailures(attempts, claimer, this.settings.maxAttempts());
				for (int i = 0; i < failed.size(); i++) {
					if (failures[i] != 0) {
						RowResult<T> result = failed.get(i);
						boolean last = result.row().getAttempts() + 1 >= this.settings.maxAttempts();
						add(entries, result, last ? DeliveryOutcome.FAILED : DeliveryOutcome.RETRY, result.error());
					}
				}
				if (!checkAgain.isEmpty()) {
					this.checks.checkAgain(checkAgain.stream()
						.map((result) -> new CheckAgain(result.row().getId(), result.nextAt()))
						.toList(), claimer);
				}
				int[] stops = stopped.isEmpty() ? new int[0] : this.checks.failByGuard(stopped.stream()
					.map((result) -> new GuardFailure(result.row().getId(), String.valueOf(result.error())))
					.toList(), claimer);
				for (int i = 0; i < stopped.size(); i++) {
					if (stops[i] != 0) {
						add(entries, stopped.get(i), DeliveryOutcome.FAILED, stopped.get(i).error());
					}
				}
				this.log.write(entries);
				return count;
			}));
		}
		catch (DataAccessException ex) {
			if (!OutcomeFallback.isPermanent(ex)) {
				throw ex;
			}
			List<Runnable> others = new ArrayList<>();
			for (FailedAttempt attempt : attempts) {
				others.add(() -> this.claims.recordFailures(List.of(attempt), claimer, this.settings.maxAttempts()));
			}
			if (!checkAgain.isEmpty()) {
				others.add(() -> this.checks.checkAgain(checkAgain.stream()
					.map((result) -> new CheckAgain(result.row().getId(), result.nextAt()))
					.toList(), claimer));
			}
			for (RowResult<T> result : stopped) {
				others.add(() -> this.checks.failByGuard(
						List.of(new GuardFailure(result.row().getId(), String.valueOf(result.error()))), claimer));
			}
			marked = OutcomeFallback.writeSeparately(this.transaction, this.claims.type().name(), ex,
					() -> finish(ids(finished), claimer), others);
		}
		report(finished, marked, failed, stopped);
	}

	private int finish(List<Long> ids, String claimer) {
		return (this.settings.onDelivered() == OnDelivered.DELETE) ? this.claims.deleteDelivered(ids, claimer)
				: this.claims.markDelivered(ids, claimer);
	}

	/** The rows this claim really finished: all of them, unless some were claimed again meanwhile. */
	private Set<Long> confirmFinished(List<Long> ids, int count, String claimer) {
		if (count == ids.size() || ids.isEmpty()) {
			return new HashSet<>(ids);
		}
		if (this.settings.onDelivered() == OnDelivered.DELETE) {
			Set<Long> kept = this.checks.stillPresent(ids);
			Set<Long> deleted = new HashSet<>(ids);
			deleted.removeAll(kept);
			return deleted;
		}
		return this.checks.markedBy(ids, claimer);
	}

	private void add(List<LogEntry> entries, RowResult<T> result, DeliveryOutcome outcome, String error) {
		if (this.history.records(outcome)) {
			T row = result.row();
			entries.add(new LogEntry(this.claims.type().name(), row.getId(), result.eventId(), row.getDueAt(),
					row.getAttempts() + 1, result.checkCount(), outcome, error, result.durationMillis(), this.instanceId));
		}
	}

	private void report(List<RowResult<T>> finished, int marked, List<RowResult<T>> failed, List<RowResult<T>> stopped) {
		String typeName = this.claims.type().name();
		this.counters.delivered(marked);
		Instant now = Instant.now();
		for (RowResult<T> result : finished) {
			if (result.kind() == RowResult.Kind.DELIVERED) {
				this.counters.published(result.row().getDueAt(), now);
			}
		}
		if (marked < finished.size()) {
			this.counters.fenceMisses(finished.size() - marked);
			logger.warn("awty: " + (finished.size() - marked) + " published row(s) of type '" + typeName
					+ "' had been claimed again after their lease ran out and may be delivered twice");
		}
		if (!failed.isEmpty()) {
			this.counters.failedAttempts(failed.size());
			// A broker outage fails whole batches: one line for the batch then, the per-row lines at debug.
			boolean perRow = failed.size() <= MAX_FAILURE_LINES_PER_BATCH;
			for (RowResult<T> result : failed) {
				this.counters.failedAttempt(result.row().getAttempts() + 1 < this.settings.maxAttempts());
				logFailure(typeName, result, perRow);
			}
			if (!perRow) {
				RowResult<T> first = failed.get(0);
				logger.warn("awty: " + failed.size() + " row(s) of type '" + typeName + "' failed in one batch, the first row "
						+ first.row().getId() + " (event " + first.eventId() + ", attempt " + (first.row().getAttempts() + 1)
						+ " of " + this.settings.maxAttempts() + "): " + first.error()
						+ "; each is tried again after a backoff, or is FAILED after its last attempt");
			}
		}
		for (RowResult<T> result : stopped) {
			logger.warn("awty: row " + result.row().getId() + " of type '" + typeName + "' (event " + result.eventId()
					+ ") is FAILED: " + result.error());
		}
	}

	/** One line per failed attempt, at warn unless the batch is summarised; stack traces are at debug. */
	private void logFailure(String typeName, RowResult<T> result, boolean warn) {
		if (!warn && !logger.isDebugEnabled()) {
			return;
		}
		int attempt = result.row().getAttempts() + 1;
		String outcome = (attempt >= this.settings.maxAttempts()) ? "row is now FAILED" : "tried again after a backoff";
		String line = "awty: attempt " + attempt + " of " + this.settings.maxAttempts() + " failed for row "
				+ result.row().getId() + " of type '" + typeName + "' (event " + result.eventId() + "), " + outcome + ": "
				+ result.error();
		if (warn) {
			logger.warn(line);
		}
		else {
			logger.debug(line);
		}
	}

	private static <T extends ScheduledEntity> List<Long> ids(List<RowResult<T>> results) {
		return results.stream().map((result) -> result.row().getId()).toList();
	}

	private int withRetry(String what, Supplier<Integer> write) {
		for (int attempt = 1;; attempt++) {
			try {
				Integer result = write.get();
				return (result != null) ? result : 0;
			}
			catch (DataAccessException ex) {
				if (attempt == WRITE_ATTEMPTS || OutcomeFallback.isPermanent(ex)) {
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

}
