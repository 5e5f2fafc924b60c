package dev.awty.internal.pipeline;

import java.time.Duration;

import dev.awty.ClaimMode;

/**
 * How one {@link PollLoop} polls.
 *
 * @param name the source's name in log lines, metrics and wake-ups: an event type's name, or the recurring one
 * @param lockName the ShedLock lock of leader mode, and of claims on databases that cannot skip locked rows
 * @param lease how long claimed rows stay claimed; a leader claims for at most half of it under one lock
 * @param concurrency how many claimed batches are processed at once on this instance
 * @param claimAhead how long before their due time rows are claimed; the loop wakes this much earlier
 * @param soon how soon a run must be planned to spare the look-up of the next due row after a cycle: a row scheduled
 * by another instance and due before that run is claimed by it, within the claim-ahead, or at most this late
 */
public record LoopSettings(String name, String lockName, Duration pollInterval, int batchSize, ClaimMode mode,
		Duration lease, int concurrency, Duration claimAhead, Duration soon) {

	/** Settings whose planned runs spare the look-up within the claim-ahead. */
	public LoopSettings(String name, String lockName, Duration pollInterval, int batchSize, ClaimMode mode,
			Duration lease, int concurrency, Duration claimAhead) {
		this(name, lockName, pollInterval, batchSize, mode, lease, concurrency, claimAhead, claimAhead);
	}

}
