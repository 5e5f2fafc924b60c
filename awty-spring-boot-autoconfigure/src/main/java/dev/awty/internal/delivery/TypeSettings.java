package dev.awty.internal.delivery;

import java.time.Duration;

/**
 * The delivery settings of one event type, global defaults merged with its overrides.
 */
public record TypeSettings(Duration pollInterval, int batchSize, Duration lease, int maxAttempts, RetryBackoff backoff) {
}
