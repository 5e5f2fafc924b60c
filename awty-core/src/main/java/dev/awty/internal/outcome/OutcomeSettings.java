package dev.awty.internal.outcome;

import java.time.Duration;

import dev.awty.OnDelivered;
import dev.awty.history.HistoryMode;
import dev.awty.internal.support.RetryBackoff;

/**
 * What the outcome writer of one event type reads of the type's settings.
 *
 * @param instanceId this instance, as its history entries name it
 * @param onDelivered what becomes of a delivered row: marked or deleted
 * @param maxAttempts the attempts after which a failed row is FAILED
 * @param backoff the wait before a failed row's next attempt
 * @param lease the type's lease: a write is tried again for no longer, and waits for a row lock a third of it
 * @param history which outcomes the type's history records
 */
public record OutcomeSettings(String typeName, String instanceId, OnDelivered onDelivered, int maxAttempts,
		RetryBackoff backoff, Duration lease, HistoryMode history) {
}
