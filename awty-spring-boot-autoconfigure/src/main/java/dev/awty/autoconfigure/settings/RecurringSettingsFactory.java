package dev.awty.autoconfigure.settings;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;

import dev.awty.autoconfigure.properties.AwtyRecurringProperties;
import dev.awty.internal.delivery.TypeSettings;
import dev.awty.internal.pipeline.LoopSettings;
import dev.awty.internal.recurring.RecurringSettings;
import dev.awty.internal.recurring.source.RecurringSource;

import static dev.awty.autoconfigure.settings.Requirements.require;

/**
 * The settings of the recurring source, from {@code awty.recurring.*}; its claim mode, lease, retries and history
 * come from the same resolution as an event type's, under the source's name.
 */
final class RecurringSettingsFactory {

	private RecurringSettingsFactory() {
	}

	static RecurringSettings settingsOf(AwtyRecurringProperties recurring, TypeSettingsFactory typeSettings,
			HandlingSettingsFactory handling) {
		require(!recurring.getChannel().isBlank(), "awty.recurring.channel must not be empty",
				"Set it to the name of the channel that receives occurrences, e.g. awtyRecurring.");
		require(recurring.getPollInterval().toMillis() > 0,
				"awty.recurring.poll-interval must be positive, was " + recurring.getPollInterval(), "Set it to e.g. 1s.");
		require(recurring.getBatchSize() >= 1, "awty.recurring.batch-size must be at least 1, was "
				+ recurring.getBatchSize(), "Set it to e.g. 500.");
		require(recurring.getMaxCatchUp() >= 1, "awty.recurring.max-catch-up must be at least 1, was "
				+ recurring.getMaxCatchUp(), "Set it to e.g. 100.");
		require(recurring.getPayloadLimit().toBytes() >= 1, "awty.recurring.payload-limit must be positive, was "
				+ recurring.getPayloadLimit(), "Set it to e.g. 64KB.");
		require(recurring.getConcurrency() >= 1 && recurring.getConcurrency() <= 64,
				"awty.recurring.concurrency must be between 1 and 64, was " + recurring.getConcurrency(),
				"Set it to the number of batches to hold at once, e.g. 4.");
		// Mode, lease and retries as for event types, validated in the one place that words their failures.
		TypeSettings shared = typeSettings.settingsFor(RecurringSource.NAME);
		Duration claimAhead = recurring.getClaimAhead();
		require(!claimAhead.isNegative() && claimAhead.compareTo(shared.lease()) < 0,
				"awty.recurring.claim-ahead must be at least 0 and shorter than awty.claim.lease (" + shared.lease()
						+ "), was " + claimAhead,
				"Set it to e.g. 500ms, or 0 to claim schedules only once they are due.");
		LoopSettings loop = new LoopSettings(RecurringSource.NAME, RecurringSource.LOCK_NAME,
				recurring.getPollInterval(), recurring.getBatchSize(), shared.mode(), shared.lease(),
				recurring.getConcurrency(), claimAhead);
		return new RecurringSettings(recurring.getChannel(), loop, recurring.getMaxCatchUp(),
				recurring.getPayloadLimit().toBytes(), shared.backoff(), recurring.getChangeWait(),
				allowedChannels(recurring), handling.historyFor(RecurringSource.NAME));
	}

	private static Set<String> allowedChannels(AwtyRecurringProperties recurring) {
		Set<String> channels = new LinkedHashSet<>();
		channels.add(recurring.getChannel());
		for (String channel : recurring.getAllowedChannels()) {
			require(channel != null && !channel.isBlank(), "awty.recurring.allowed-channels must not hold an empty name",
					"List the names of the channels schedules may publish to, e.g. digests,reports.");
			channels.add(channel.strip());
		}
		return channels;
	}

}
