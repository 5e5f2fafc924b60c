package dev.awty.autoconfigure;

import java.time.Duration;
import java.util.Collection;
import java.util.Objects;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import dev.awty.AwtyConfigurationException;
import dev.awty.internal.delivery.RetryBackoff;
import dev.awty.internal.delivery.TypeSettings;

/**
 * Merges global settings with a type's overrides and rejects values that make no sense, naming the keys.
 */
final class TypeSettingsFactory {

	private final AwtyProperties properties;

	TypeSettingsFactory(AwtyProperties properties) {
		this.properties = properties;
		validateRetry(properties.getRetry());
	}

	void rejectUnknownTypes(Collection<String> knownTypes) {
		Set<String> known = Set.copyOf(knownTypes);
		for (String name : this.properties.getTypes().keySet()) {
			if (!known.contains(name)) {
				throw new AwtyConfigurationException(
						"awty.types." + name + " configures an event type that does not exist",
						"Use one of the known type names " + known.stream().sorted().toList()
								+ " (the name in @ScheduledEvent, or the table name without 'scheduled_'), or remove the override.");
			}
		}
	}

	TypeSettings settingsFor(String typeName) {
		AwtyProperties.Type override = this.properties.getTypes().getOrDefault(typeName, new AwtyProperties.Type());
		String prefix = this.properties.getTypes().containsKey(typeName) ? "awty.types." + typeName + "." : null;
		Duration pollInterval = pick(override.getPollInterval(), this.properties.getPoller().getPollInterval());
		int batchSize = pick(override.getBatchSize(), this.properties.getPoller().getBatchSize());
		Duration lease = pick(override.getLease(), this.properties.getClaim().getLease());
		int maxAttempts = pick(override.getMaxAttempts(), this.properties.getRetry().getMaxAttempts());
		String pollKey = key(prefix, override.getPollInterval(), "poll-interval", "awty.poller.poll-interval");
		String leaseKey = key(prefix, override.getLease(), "lease", "awty.claim.lease");
		require(pollInterval.toMillis() > 0, pollKey + " must be positive, was " + pollInterval, "Set it to e.g. 1s.");
		require(batchSize > 0 && batchSize <= 10_000,
				key(prefix, override.getBatchSize(), "batch-size", "awty.poller.batch-size")
						+ " must be between 1 and 10000, was " + batchSize,
				"Set it to e.g. 500.");
		require(lease.compareTo(pollInterval) > 0, leaseKey + " (" + lease + ") must be longer than " + pollKey + " ("
				+ pollInterval + ")", "A claim must outlive a poll cycle: raise " + leaseKey + " or lower " + pollKey + ".");
		require(maxAttempts >= 1, key(prefix, override.getMaxAttempts(), "max-attempts", "awty.retry.max-attempts")
				+ " must be at least 1, was " + maxAttempts, "Set it to e.g. 10.");
		AwtyProperties.Retry retry = this.properties.getRetry();
		RetryBackoff backoff = new RetryBackoff(retry.getInitialBackoff(), retry.getMultiplier(), retry.getMaxBackoff(),
				retry.getJitter());
		return new TypeSettings(pollInterval, batchSize, lease, maxAttempts, backoff);
	}

	private static void validateRetry(AwtyProperties.Retry retry) {
		require(retry.getInitialBackoff().toMillis() > 0,
				"awty.retry.initial-backoff must be positive, was " + retry.getInitialBackoff(), "Set it to e.g. 1s.");
		require(retry.getMultiplier() >= 1.0, "awty.retry.multiplier must be at least 1.0, was " + retry.getMultiplier(),
				"Set it to e.g. 2.0.");
		require(retry.getMaxBackoff().compareTo(retry.getInitialBackoff()) >= 0, "awty.retry.max-backoff ("
				+ retry.getMaxBackoff() + ") must not be shorter than awty.retry.initial-backoff (" + retry.getInitialBackoff() + ")",
				"Raise awty.retry.max-backoff or lower awty.retry.initial-backoff.");
		require(retry.getJitter() >= 0 && retry.getJitter() < 1,
				"awty.retry.jitter must be at least 0 and below 1, was " + retry.getJitter(), "Set it to e.g. 0.2.");
	}

	private static String key(@Nullable String prefix, @Nullable Object override, String name, String globalKey) {
		return (prefix != null && override != null) ? prefix + name : globalKey;
	}

	private static <V> V pick(@Nullable V override, V global) {
		return Objects.requireNonNullElse(override, global);
	}

	private static void require(boolean condition, String description, String action) {
		if (!condition) {
			throw new AwtyConfigurationException(description, action);
		}
	}

}
