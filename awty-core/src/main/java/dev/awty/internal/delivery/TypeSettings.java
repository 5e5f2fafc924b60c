package dev.awty.internal.delivery;

import java.time.Duration;

import dev.awty.ClaimMode;
import dev.awty.Holding;
import dev.awty.OnDelivered;
import dev.awty.history.HistoryMode;
import dev.awty.internal.model.EventType;
import dev.awty.internal.outcome.OutcomeSettings;
import dev.awty.internal.pipeline.LoopSettings;
import dev.awty.internal.support.RetryBackoff;

/**
 * The delivery settings of one event type, global defaults merged with its overrides.
 *
 * @param concurrency how many claimed batches of the type are processed at once on this instance
 * @param byPriority whether due rows are claimed by their {@code priority} column first
 * @param claimAhead how long before their due time rows are claimed; each is still published at its due time
 * @param markEvery how many rows of a batch are published between two writes of their outcome (batches held by a
 * lease)
 * @param holding how claimed batches are held, where the type can be held that way (see {@link Holding})
 */
public record TypeSettings(Duration pollInterval, int batchSize, ClaimMode mode, Duration lease, int concurrency,
		int maxAttempts, RetryBackoff backoff, boolean byPriority, OnDelivered onDelivered, Duration claimAhead,
		int markEvery, Holding holding) {

	/** The poll loop of a type held by a lease: it claims rows the claim-ahead before they are due. */
	LoopSettings leasedLoop(EventType<?> type) {
		return new LoopSettings(type.name(), type.lockName(), this.pollInterval, this.batchSize, this.mode, this.lease,
				this.concurrency, this.claimAhead);
	}

	/**
	 * The poll loop of a type held in transactions. No claim-ahead: the loop wakes when rows are due, as its claims
	 * lock nothing earlier. A run planned within the claim-ahead still spares the look-up of the next due row: in a
	 * stream of rows due one after another the loop would otherwise look it up after nearly every cycle.
	 */
	LoopSettings heldLoop(EventType<?> type) {
		return new LoopSettings(type.name(), type.lockName(), this.pollInterval, this.batchSize, this.mode, this.lease,
				this.concurrency, Duration.ZERO, this.claimAhead);
	}

	/** What the type's outcome writer reads of these settings. */
	public OutcomeSettings outcomes(String typeName, String instanceId, HistoryMode history) {
		return new OutcomeSettings(typeName, instanceId, this.onDelivered, this.maxAttempts, this.backoff, this.lease,
				history);
	}

	/** These settings with batches held by a lease, as the tests of what only leases do need them. */
	public TypeSettings leased() {
		return new TypeSettings(this.pollInterval, this.batchSize, this.mode, this.lease, this.concurrency,
				this.maxAttempts, this.backoff, this.byPriority, this.onDelivered, this.claimAhead, this.markEvery,
				Holding.LEASE);
	}

}
