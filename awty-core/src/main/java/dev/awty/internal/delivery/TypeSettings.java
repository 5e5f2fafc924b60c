package dev.awty.internal.delivery;

import java.time.Duration;

import dev.awty.ClaimMode;
import dev.awty.OnDelivered;
import dev.awty.internal.support.RetryBackoff;

/**
 * The delivery settings of one event type, global defaults merged with its overrides.
 *
 * @param concurrency how many claimed batches of the type are processed at once on this instance
 * @param byPriority whether due rows are claimed by their {@code priority} column first
 * @param claimAhead how long before their due time rows are claimed; each is still published at its due time
 * @param markEvery how many rows of a batch are published between two writes of their outcome
 */
public record TypeSettings(Duration pollInterval, int batchSize, ClaimMode mode, Duration lease, int concurrency,
		int maxAttempts, RetryBackoff backoff, boolean byPriority, OnDelivered onDelivered, Duration claimAhead,
		int markEvery) {
}
