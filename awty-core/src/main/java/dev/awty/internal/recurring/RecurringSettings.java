package dev.awty.internal.recurring;

import java.time.Duration;
import java.util.Set;

import dev.awty.history.HistoryMode;
import dev.awty.internal.pipeline.LoopSettings;
import dev.awty.internal.support.RetryBackoff;

/**
 * Settings of recurring schedules, resolved from {@code awty.recurring.*}, {@code awty.claim.*},
 * {@code awty.retry.*} and {@code awty.history.mode}.
 *
 * @param channel the channel of schedules that name none
 * @param loop how the recurring source's loop polls: its batch size, claim mode, lease, concurrency, and its
 * claim-ahead, how long before their occurrence schedules are claimed (each occurrence is still published no earlier
 * than its time by the database clock)
 * @param maxCatchUp the most missed occurrences one claim publishes under {@code fire-all}
 * @param changeWait how long a change waits for an occurrence being published right now
 * @param allowedChannels the channels a schedule may name: the default channel and the allowed ones
 * @param history which outcomes of occurrences are written to {@code awty_delivery_log}
 */
public record RecurringSettings(String channel, LoopSettings loop, int maxCatchUp, long payloadLimitBytes,
		RetryBackoff backoff, Duration changeWait, Set<String> allowedChannels, HistoryMode history) {

	public RecurringSettings {
		allowedChannels = Set.copyOf(allowedChannels);
	}

}
