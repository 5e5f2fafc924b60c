package dev.awty.internal.pipeline;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import dev.awty.ClaimMode;
import dev.awty.internal.support.ErrorText;
import dev.awty.internal.support.TypeLock;

/**
 * One cycle of a {@link PollLoop}: claims batches while rows remain due, handing each to a free worker and claiming
 * the next as soon as one is free; once a claim came back full, from a source whose claims skip each other's rows,
 * the free workers claim for themselves (see {@link WorkerClaims}), in either claim mode. In leader mode the cycle
 * runs only while this instance holds the source's lock, and stops claiming well before the lock expires. Not
 * thread-safe: a loop runs one cycle at a time.
 */
final class LoopCycle<B extends PollSource.Batch> {

	private static final Log logger = LogFactory.getLog(PollLoop.class);

	private final LoopSettings settings;

	private final String described;

	private final PollSource<B> source;

	private final TypeLock lock;

	private final BatchWorkers workers;

	private final BooleanSupplier runPlannedSoon;

	private final AtomicInteger claimed = new AtomicInteger();

	private final WorkerClaims workerClaims = new WorkerClaims();

	/**
	 * @param runPlannedSoon whether the loop already runs again within the claim-ahead, for a due time it was told
	 * about: that run claims in time whatever the source's {@link PollSource#idleDelay idle delay} could find
	 */
	LoopCycle(LoopSettings settings, String described, PollSource<B> source, TypeLock lock, BatchWorkers workers,
			BooleanSupplier runPlannedSoon) {
		this.settings = settings;
		this.described = described;
		this.source = source;
		this.lock = lock;
		this.workers = workers;
		this.runPlannedSoon = runPlannedSoon;
	}

	/**
	 * @param running whether the loop still runs; once not, the cycle claims nothing more
	 * @return how long to wait before the next cycle
	 */
	Duration run(BooleanSupplier running) {
		this.claimed.set(0);
		if (this.settings.mode() == ClaimMode.SKIP_LOCKED) {
			return drain(Long.MAX_VALUE, running);
		}
		// Stop claiming well before the lock expires, so that no second leader claims alongside this one.
		return this.lock.whileHeld(() -> drain(System.nanoTime() + this.settings.lease().toNanos() / 2, running),
				this.settings.pollInterval());
	}

	/** How many rows the last cycle claimed. */
	int claimed() {
		return this.claimed.get();
	}

	private Duration drain(long deadlineNanos, BooleanSupplier running) {
		boolean onWorkers = false;
		this.workerClaims.reset();
		while (running.getAsBoolean()) {
			if (!this.workers.acquire(deadlineNanos, running)) {
				return running.getAsBoolean() ? Duration.ZERO : this.settings.pollInterval();
			}
			if (System.nanoTime() > deadlineNanos) {
				this.workers.release();
				return Duration.ZERO;
			}
			if (onWorkers) {
				if (drainedOrRelease()) {
					break;
				}
				if (!submitClaim(running)) {
					break;
				}
				continue;
			}
			B batch = claimOrRelease();
			if (batch == null || batch.size() == 0) {
				this.workers.release();
				break;
			}
			this.claimed.addAndGet(batch.size());
			if (batch.size() < Math.min(batch.limit(), this.settings.batchSize())) {
				// The last claim of the cycle: workers left idle until the next one may share its rows.
				submit(this.source.split(batch, 1 + this.workers.idle()));
				break;
			}
			if (!submit(List.of(batch))) {
				break;
			}
			// A backlog: the next claims are made by the workers themselves, several at once, where they skip each
			// other's rows; a trickle's cycle made one claim and never gets here. A leader's too: its claims skip the
			// rows of its own batches in flight, and a claim still running when the cycle ends at the lock's
			// half-life skips those of a next leader's claims as well.
			onWorkers = this.source.claimsConcurrently();
		}
		return running.getAsBoolean() ? idleDelay() : this.settings.pollInterval();
	}

	/** Whether the workers' claims found everything claimed; gives the slot taken back if so, or if one failed. */
	private boolean drainedOrRelease() {
		try {
			if (this.workerClaims.drained()) {
				this.workers.release();
				return true;
			}
			return false;
		}
		catch (RuntimeException | Error ex) {
			this.workers.release();
			throw ex;
		}
	}

	/**
	 * Lets the worker slot taken claim a batch and process it.
	 * @return {@code false} if the pool is shutting down
	 */
	private boolean submitClaim(BooleanSupplier running) {
		this.workerClaims.submitting();
		boolean submitted = this.workers.submit(() -> {
			B batch;
			try {
				if (!running.getAsBoolean()) {
					this.workerClaims.answered(false);
					return;
				}
				batch = this.source.claim();
			}
			catch (RuntimeException | Error ex) {
				this.workerClaims.failed(ex);
				return;
			}
			this.claimed.addAndGet(batch.size());
			this.workerClaims.answered(batch.size() >= Math.min(batch.limit(), this.settings.batchSize()));
			if (batch.size() > 0) {
				process(batch);
			}
		});
		if (!submitted) {
			this.workerClaims.answered(false);
		}
		return submitted;
	}

	/**
	 * Asks the source (which may cost it a statement) only when no run is planned soon: not once per busy cycle. A
	 * failed look-up leaves the poll interval, without making a cycle whose claims worked count as failed.
	 */
	private Duration idleDelay() {
		Duration pollInterval = this.settings.pollInterval();
		if (this.runPlannedSoon.getAsBoolean()) {
			return pollInterval;
		}
		try {
			return this.source.idleDelay(pollInterval);
		}
		catch (RuntimeException ex) {
			logger.debug("awty: could not look up when the next row of " + this.described + " is due", ex);
			return pollInterval;
		}
	}

	/**
	 * Hands the parts of a claimed batch to the worker slot taken for it and to idle slots for the other parts (only
	 * this loop takes slots, so the idle ones the source was offered are still free); a batch claimed ahead waits for
	 * its due time in its workers (held rows count as in flight).
	 * @return {@code false} if the pool is shutting down: the rows not handed over are given back
	 */
	private boolean submit(List<B> parts) {
		this.workers.acquireIdle(parts.size() - 1);
		for (int i = 0; i < parts.size(); i++) {
			B part = parts.get(i);
			if (!this.workers.submit(() -> process(part))) {
				parts.subList(i, parts.size()).forEach(this.source::release);
				for (int unused = i + 1; unused < parts.size(); unused++) {
					this.workers.release();
				}
				return false;
			}
		}
		return true;
	}

	/**
	 * Claims a batch; gives the worker slot back when the claim fails.
	 * @return {@code null} when another instance held the lock
	 */
	private @Nullable B claimOrRelease() {
		try {
			if (this.settings.mode() == ClaimMode.LEADER || this.source.claimsSkipLockedRows()) {
				return this.source.claim();
			}
			// The database cannot skip locked rows: concurrent claims take turns under the source's lock.
			return this.lock.<@Nullable B>whileHeld(this.source::claim, null);
		}
		catch (RuntimeException ex) {
			this.workers.release();
			throw ex;
		}
	}

	private void process(B batch) {
		try {
			this.source.process(batch);
		}
		catch (Throwable ex) {
			logger.warn("awty: a batch of " + batch.size() + " row(s) of " + this.described + " could not be finished ("
					+ ErrorText.of(ex) + "); its rows whose outcome was not written are retried once their lease runs out");
		}
	}

}
