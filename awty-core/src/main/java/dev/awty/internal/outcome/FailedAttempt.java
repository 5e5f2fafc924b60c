package dev.awty.internal.outcome;

/**
 * A publish that failed: the row, why, and how long to wait before the next attempt.
 */
public record FailedAttempt(long id, String error, long backoffMillis) {
}
