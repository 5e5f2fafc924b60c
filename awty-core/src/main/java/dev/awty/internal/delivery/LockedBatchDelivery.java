package dev.awty.internal.delivery;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.dao.DataAccessException;

import dev.awty.ScheduledEntity;
import dev.awty.internal.outcome.BatchWriter;
import dev.awty.internal.outcome.FailedAttempt;
import dev.awty.internal.outcome.HeldRowWrites;
import dev.awty.internal.outcome.RowResult;
import dev.awty.internal.support.ErrorText;
import dev.awty.internal.support.WriteRetry;

/**
 * The worker's side of a batch held in one transaction ({@link TransactionalDelivery}): publishes its rows, writes
 * their outcomes in the batch's transaction and commits it. Logs under {@code TransactionalDelivery}'s category, which
 * operators already know.
 */
final class LockedBatchDelivery<T extends ScheduledEntity> {

	private static final Log logger = LogFactory.getLog(TransactionalDelivery.class);

	private final String typeName;

	private final TypeSettings settings;

	private final PartPublisher<T> parts;

	private final BatchWriter<T> writer;

	/** The writes under the batch's row locks, without the claim fence: its rows carry no token. */
	private final HeldRowWrites writes;

	private final ClaimSizing sizing;

	LockedBatchDelivery(String typeName, TypeSettings settings, PartPublisher<T> parts, BatchWriter<T> writer,
			HeldRowWrites writes, ClaimSizing sizing) {
		this.typeName = typeName;
		this.settings = settings;
		this.parts = parts;
		this.writer = writer;
		this.writes = writes;
		this.sizing = sizing;
	}

	/**
	 * Publishes the batch, writes its outcomes in {@code transaction} and commits it; the caller ends the transaction.
	 * @return whether the batch's transaction committed
	 */
	boolean deliver(LockedBatch<T> batch, BatchTransaction transaction) {
		boolean committed = false;
		try {
			long started = System.nanoTime();
			List<Answer<T>> answers = List.of(new Answer<>(batch.rows(), this.parts.publish(batch.rows())));
			long deadline = started + this.settings.lease().toNanos();
			List<RowResult<T>> results = new ArrayList<>(batch.size());
			for (Answer<T> answer : answers) {
				results.addAll(answered(answer, deadline));
			}
			this.sizing.measured(batch.size(), System.nanoTime() - started);
			Runnable report;
			try {
				report = transaction.run(() -> this.writer.writeHeld(batch.token(), results));
			}
			catch (DataAccessException ex) {
				if (!WriteRetry.isPermanent(ex)) {
					throw ex;
				}
				// The failed statement ended the transaction on PostgreSQL: roll it back, then write each outcome on
				// its own. The rows are free meanwhile; another instance that locks one first delivers it again, and
				// the mark that finds it delivered counts the duplicate.
				transaction.close();
				this.writer.writeSeparately(batch.token(), results, ex);
				return false;
			}
			transaction.commit();
			committed = true;
			report.run();
		}
		catch (RuntimeException | Error ex) {
			if (committed) {
				logger.warn("awty: a batch of " + batch.size() + " row(s) of type '" + this.typeName + "' was written but"
						+ " could not be counted (" + ErrorText.of(ex) + ")");
				return true;
			}
			logger.warn("awty: the outcomes of a batch of " + batch.size() + " row(s) of type '" + this.typeName
					+ "' could not be written (" + ErrorText.of(ex) + "); its transaction is rolled back and its rows,"
					+ " published or not, are delivered again after a backoff");
			transaction.close();
			failAfterRollback(batch, ex);
		}
		return committed;
	}

	/**
	 * Counts a failed attempt for every row of a batch whose outcomes could not be written, in a transaction of
	 * awty's own: without it, rows whose mark the database refuses (a constraint or trigger of the application's)
	 * would be claimed again at once and published again and again; with it they back off and, after the last
	 * attempt, are FAILED. Best effort: with the database gone, the rows are simply claimed again once it is back.
	 */
	private void failAfterRollback(LockedBatch<T> batch, Throwable cause) {
		try {
			List<FailedAttempt> attempts = batch.rows().stream()
				.map((row) -> new FailedAttempt(row.getId(), "its outcome could not be written: " + ErrorText.of(cause),
						this.settings.backoff().delayMillis(row.getAttempts() + 1)))
				.toList();
			this.writes.recordFailures(attempts, batch.token(), this.settings.maxAttempts());
		}
		catch (RuntimeException ex) {
			logger.debug("awty: the failed attempts of a batch of type '" + this.typeName + "' could not be recorded", ex);
		}
	}

	/**
	 * A part's results once its messages are answered for; failed attempts when no answer came by
	 * {@code deadlineNanos}: a publisher that never answers must not keep the batch's transaction, and its rows' locks,
	 * open for good, and its rows are retried after a backoff like any other failure.
	 */
	private List<RowResult<T>> answered(Answer<T> answer, long deadlineNanos) {
		try {
			return answer.results().get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
		}
		catch (TimeoutException | ExecutionException ex) {
			return failed(answer.rows(), "no answer from the publisher within the claim lease (" + this.settings.lease()
					+ ")");
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return failed(answer.rows(), "interrupted while waiting for the publisher's answer");
		}
	}

	private List<RowResult<T>> failed(List<T> rows, String error) {
		return rows.stream()
			.map((row) -> RowResult.of(row, RowResult.Kind.DELIVERED, EventMessages.eventId(this.typeName, row), 0, 0)
				.failed(error))
			.toList();
	}

	/** The rows of one publish and the publisher's answer for them. */
	private record Answer<T extends ScheduledEntity>(List<T> rows, CompletableFuture<List<RowResult<T>>> results) {
	}

}
