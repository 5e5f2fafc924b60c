package dev.awty.internal.delivery;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.dao.DataAccessException;

import dev.awty.Holding;
import dev.awty.ScheduledEntity;
import dev.awty.internal.claim.ClaimTokens;
import dev.awty.internal.claim.DueFloor;
import dev.awty.internal.claim.EventClaims;
import dev.awty.internal.outcome.BatchWriter;
import dev.awty.internal.outcome.FailedAttempt;
import dev.awty.internal.outcome.HeldRowWrites;
import dev.awty.internal.outcome.RowResult;
import dev.awty.internal.pipeline.PollSource;
import dev.awty.internal.pipeline.kit.DeliveryCounters;
import dev.awty.internal.support.ErrorText;
import dev.awty.internal.support.WriteRetry;
import dev.awty.internal.table.EventTable;
import dev.awty.internal.tracing.RowTracing;
import dev.awty.spi.EventPublisher;

/**
 * The delivery cycle of a type whose batches are held in one transaction ({@link Holding#TRANSACTION}), as a
 * hand-written relay does it: the claim locks due rows and writes nothing; the worker publishes them (a broker's
 * acknowledgements overlapped), then marks them (or deletes them), records failed attempts and writes their history in
 * the same transaction, and commits. The row lock is the fence: no other claim takes the rows, a reschedule or cancel
 * waits for the commit, and when this instance dies its database connection drops and the rows are free at once.
 * A crash re-delivers at most the rows of the batches in open transactions.
 */
final class TransactionalDelivery<T extends ScheduledEntity> implements PollSource<LockedBatch<T>> {

	private static final Log logger = LogFactory.getLog(TransactionalDelivery.class);

	/**
	 * A second: a row whose scheduling transaction commits later than that after its due time is left to the sweep
	 * unless announced. Each lock reads the index entries of about this long's deliveries.
	 */
	private static final Duration FLOOR_MARGIN = Duration.ofSeconds(1);

	/** How many poll intervals apart locks look at every due row, for rows that became pending below the floor. */
	private static final int SWEEP_EVERY_POLLS = 10;

	private final String typeName;

	private final EventClaims<T> claims;

	private final HeldRowWrites writes;

	private final DataSource dataSource;

	private final TypeSettings settings;

	private final PartPublisher<T> parts;

	private final BatchWriter<T> writer;

	private final DeliveryCounters counters;

	private final ClaimTokens tokens;

	private final ClaimSizing sizing;

	private final RowTracing tracing;

	private final OpenBatches openBatches;

	private final BatchTransaction.PoolLevel poolLevel = new BatchTransaction.PoolLevel();

	private final DueFloor floor;

	/** Whether the claims of the running cycle look at every due row: it runs for the poll interval. */
	private volatile boolean sweeping = true;

	/**
	 * One open batch of the type at a time, where concurrent locks cannot skip each other's rows (H2 locks every due
	 * row it looks at): a second claim would find them all locked, and take it for nothing being due.
	 */
	private final @Nullable Semaphore oneAtATime;

	TransactionalDelivery(EventTable<T> table, DataSource dataSource, TypeSettings settings, EventPublisher publisher,
			String instanceId, BatchWriter<T> writer, DeliveryCounters counters, OpenBatches openBatches) {
		this.typeName = table.type().name();
		this.claims = table.claims();
		this.writes = table.writes().underRowLocks();
		this.dataSource = dataSource;
		this.settings = settings;
		this.tracing = table.tracing();
		this.parts = new PartPublisher<>(this.typeName, table.type().channel(), publisher, this.tracing);
		this.writer = writer;
		this.counters = counters;
		this.tokens = new ClaimTokens(instanceId + "#");
		this.sizing = new ClaimSizing(settings.batchSize());
		this.openBatches = openBatches;
		this.oneAtATime = this.claims.skipLockedRows() ? null : new Semaphore(1);
		this.floor = new DueFloor(FLOOR_MARGIN, settings.pollInterval().multipliedBy(SWEEP_EVERY_POLLS));
	}

	@Override
	public LockedBatch<T> claim() {
		String token = this.tokens.next();
		int wanted = this.sizing.limit();
		if (!acquire()) {
			// Every permit is held by a batch being published; the loop claims again once it is woken or its poll
			// interval has passed.
			return LockedBatch.none(token, wanted);
		}
		BatchTransaction transaction = null;
		try {
			DueFloor.Look look = this.floor.look(this.sweeping);
			transaction = BatchTransaction.begin(this.dataSource, this.poolLevel);
			BatchTransaction open = transaction;
			long started = System.nanoTime();
			// Nothing is locked ahead of its due time: the transaction would wait for it. The database ends a batch
			// left open twice as long as a publish may take (the lease), so a frozen instance frees its rows.
			EventClaims.Claimed<T> claimed = this.tracing.claim(this.typeName, () -> open.run(() -> this.claims
				.lockDue(wanted, this.settings.byPriority(), this.settings.lease().multipliedBy(2), look.floorAgoMillis())));
			long returned = System.nanoTime();
			this.floor.locked(look, claimed.rows().size() + claimed.unreadable().size() < wanted, claimed.databaseNow());
			this.counters.claimed(claimed.rows().size(), returned - started);
			if (!claimed.unreadable().isEmpty()) {
				open.run(() -> {
					UnreadableRows.fail(this.writes, this.typeName, token, claimed.unreadable(), this.settings,
							this.counters);
					return null;
				});
			}
			// Rows that could not be read took part of the limit (see BatchDelivery#claim).
			int limit = wanted - claimed.unreadable().size();
			if (claimed.rows().isEmpty()) {
				open.commit();
				end(open);
				return LockedBatch.none(token, limit);
			}
			return new LockedBatch<>(token, claimed.rows(), limit, open);
		}
		catch (RuntimeException | Error ex) {
			end(transaction);
			throw ex;
		}
	}

	@Override
	public void release(LockedBatch<T> batch) {
		end(batch.transaction());
		if (batch.size() > 0) {
			this.floor.forget();
		}
	}

	@Override
	public void rowDue(Instant dueAt) {
		this.floor.rowDue(dueAt);
	}

	@Override
	public void cycleStarting(boolean forDueTime) {
		// A cycle run for the poll interval finds rows written without telling awty, in due order, as it would
		// without the floor.
		this.sweeping = !forDueTime;
	}

	@Override
	public void process(LockedBatch<T> batch) {
		BatchTransaction transaction = batch.transaction();
		if (transaction == null) {
			return;
		}
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
				return;
			}
			transaction.commit();
			committed = true;
			report.run();
		}
		catch (RuntimeException | Error ex) {
			if (committed) {
				logger.warn("awty: a batch of " + batch.size() + " row(s) of type '" + this.typeName + "' was written but"
						+ " could not be counted (" + ErrorText.of(ex) + ")");
				return;
			}
			logger.warn("awty: the outcomes of a batch of " + batch.size() + " row(s) of type '" + this.typeName
					+ "' could not be written (" + ErrorText.of(ex) + "); its transaction is rolled back and its rows,"
					+ " published or not, are delivered again after a backoff");
			transaction.close();
			failAfterRollback(batch, ex);
		}
		finally {
			end(transaction);
			if (!committed) {
				// Rows not marked keep their due time, which may be below the floor.
				this.floor.forget();
			}
		}
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

	private boolean acquire() {
		if (this.oneAtATime != null && !acquire(this.oneAtATime)) {
			return false;
		}
		if (this.openBatches.acquire(this.settings.pollInterval())) {
			return true;
		}
		if (this.oneAtATime != null) {
			this.oneAtATime.release();
		}
		return false;
	}

	private boolean acquire(Semaphore permit) {
		try {
			return permit.tryAcquire(this.settings.pollInterval().toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/** Ends a batch's transaction (rolled back unless committed) and gives its permits back. */
	private void end(@Nullable BatchTransaction transaction) {
		if (transaction != null) {
			transaction.close();
		}
		this.openBatches.release();
		if (this.oneAtATime != null) {
			this.oneAtATime.release();
		}
	}

	@Override
	public boolean claimsSkipLockedRows() {
		return this.claims.skipLockedRows();
	}

	@Override
	public boolean claimsConcurrently() {
		return this.claims.skipLockedRows();
	}

	@Override
	public Duration idleDelay(Duration pollInterval) {
		return this.claims.nextDue().sleep(Duration.ZERO, pollInterval);
	}

	@Override
	public void verify() {
		this.parts.verify();
	}

}
