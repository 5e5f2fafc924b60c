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
 */
public record LoopSettings(String name, String lockName, Duration pollInterval, int batchSize, ClaimMode mode,
		Duration lease, int concurrency, Duration claimAhead) {
}
