package dev.awty.internal.delivery;

import java.time.Duration;
import java.time.Instant;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import dev.awty.Holding;
import dev.awty.ScheduledEntity;
import dev.awty.internal.claim.ClaimTokens;
import dev.awty.internal.claim.DueFloor;
import dev.awty.internal.claim.EventClaims;
import dev.awty.internal.outcome.BatchWriter;
import dev.awty.internal.outcome.HeldRowWrites;
import dev.awty.internal.pipeline.PollSource;
import dev.awty.internal.pipeline.kit.DeliveryCounters;
import dev.awty.internal.table.EventTable;
import dev.awty.internal.tracing.RowTracing;
import dev.awty.spi.EventPublisher;

/**
 * The delivery cycle of a type whose batches are held in one transaction ({@link Holding#TRANSACTION}), as a
 * hand-written relay does it: the claim locks due rows and writes nothing; the worker ({@link LockedBatchDelivery})
 * publishes them (a broker's acknowledgements overlapped), then marks them (or deletes them), records failed attempts
 * and writes their history in the same transaction, and commits. The row lock is the fence: no other claim takes the rows, a reschedule or cancel
 * waits for the commit, and when this instance dies its database connection drops and the rows are free at once.
 * A crash re-delivers at most the rows of the batches in open transactions.
 */
final class TransactionalDelivery<T extends ScheduledEntity> implements PollSource<LockedBatch<T>> {

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

	private final LockedBatchDelivery<T> delivery;

	private final DeliveryCounters counters;

	private final ClaimTokens tokens;

	private final ClaimSizing sizing;

	private final RowTracing tracing;

	private final BatchPermits permits;

	private final BatchTransaction.PoolLevel poolLevel = new BatchTransaction.PoolLevel();

	private final DueFloor floor;

	/** Whether the claims of the running cycle look at every due row: it runs for the poll interval. */
	private volatile boolean sweeping = true;

	TransactionalDelivery(EventTable<T> table, DataSource dataSource, TypeSettings settings, EventPublisher publisher,
			String instanceId, BatchWriter<T> writer, DeliveryCounters counters, OpenBatches openBatches) {
		this.typeName = table.type().name();
		this.claims = table.claims();
		this.writes = table.writes().underRowLocks();
		this.dataSource = dataSource;
		this.settings = settings;
		this.tracing = table.tracing();
		this.parts = new PartPublisher<>(this.typeName, table.type().channel(), publisher, this.tracing);
		this.counters = counters;
		this.tokens = new ClaimTokens(instanceId + "#");
		this.sizing = new ClaimSizing(settings.batchSize());
		this.delivery = new LockedBatchDelivery<>(this.typeName, settings, this.parts, writer, this.writes, this.sizing);
		this.permits = new BatchPermits(openBatches, settings.pollInterval(), this.claims.skipLockedRows());
		this.floor = new DueFloor(FLOOR_MARGIN, settings.pollInterval().multipliedBy(SWEEP_EVERY_POLLS));
	}

	@Override
	public LockedBatch<T> claim() {
		String token = this.tokens.next();
		int wanted = this.sizing.limit();
		if (!this.permits.acquire()) {
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
			committed = this.delivery.deliver(batch, transaction);
		}
		finally {
			end(transaction);
			if (!committed) {
				// Rows not marked keep their due time, which may be below the floor.
				this.floor.forget();
			}
		}
	}

	/** Ends a batch's transaction (rolled back unless committed) and gives its permits back. */
	private void end(@Nullable BatchTransaction transaction) {
		if (transaction != null) {
			transaction.close();
		}
		this.permits.release();
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
