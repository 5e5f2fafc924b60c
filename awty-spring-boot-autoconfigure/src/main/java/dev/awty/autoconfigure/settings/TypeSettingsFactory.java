package dev.awty.autoconfigure.settings;

import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import dev.awty.AwtyConfigurationException;
import dev.awty.ClaimMode;
import dev.awty.OnDelivered;
import dev.awty.autoconfigure.properties.AwtyPollerProperties;
import dev.awty.autoconfigure.properties.AwtyProperties;
import dev.awty.autoconfigure.properties.AwtyRetryProperties;
import dev.awty.autoconfigure.properties.AwtyTypeProperties;
import dev.awty.internal.delivery.TypeSettings;
import dev.awty.internal.support.RetryBackoff;
import dev.awty.internal.wakeup.DueTimeSlots;

import static dev.awty.autoconfigure.settings.Requirements.require;

/**
 * Merges global settings with a type's overrides and rejects values that make no sense, naming the keys.
 */
final class TypeSettingsFactory {

	private static final int MAX_CONCURRENCY = 64;

	static final Duration MIN_LEASE = Duration.ofSeconds(1);

	static final String LEASE_ACTION = "The heartbeat extends a held row's lease every third of it, and needs time"
			+ " for a database round trip: raise %s to e.g. 30s.";

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

	/** The slot resolutions of the types that have one. */
	DueTimeSlots slots() {
		Map<String, Duration> resolutions = new LinkedHashMap<>();
		this.properties.getTypes().forEach((name, type) -> {
			Duration resolution = type.getResolution();
			if (resolution != null) {
				require(resolution.toMillis() > 0, "awty.types." + name + ".resolution must be at least 1ms, was "
						+ resolution, "Set it to the slot length, e.g. 15m, or remove it.");
				resolutions.put(name, resolution);
			}
		});
		return new DueTimeSlots(resolutions);
	}

	TypeSettings settingsFor(String typeName) {
		AwtyTypeProperties type = this.properties.getTypes().getOrDefault(typeName, new AwtyTypeProperties());
		Keys keys = new Keys(this.properties.getTypes().containsKey(typeName) ? "awty.types." + typeName + "." : null);
		AwtyPollerProperties poller = this.properties.getPoller();
		AwtyRetryProperties retry = this.properties.getRetry();

		Duration pollInterval = pick(type.getPollInterval(), poller.getPollInterval());
		String pollKey = keys.of(type.getPollInterval(), "poll-interval", "awty.poller.poll-interval");
		require(pollInterval.toMillis() > 0, pollKey + " must be positive, was " + pollInterval, "Set it to e.g. 1s.");

		int batchSize = pick(type.getBatchSize(), poller.getBatchSize());
		require(batchSize > 0 && batchSize <= 10_000, keys.of(type.getBatchSize(), "batch-size", "awty.poller.batch-size")
				+ " must be between 1 and 10000, was " + batchSize, "Set it to e.g. 500.");

		ClaimMode mode = pick(type.getClaim().getMode(), this.properties.getClaim().getMode());
		Duration lease = pick(type.getClaim().getLease(), this.properties.getClaim().getLease());
		String leaseKey = keys.of(type.getClaim().getLease(), "claim.lease", "awty.claim.lease");
		// No rule against the poll interval or the send timeout: the heartbeat extends the lease of held rows.
		require(lease.compareTo(MIN_LEASE) >= 0, leaseKey + " (" + lease + ") must be at least " + MIN_LEASE,
				LEASE_ACTION.formatted(leaseKey));
		Duration ackTimeout = this.properties.getPublish().getAckTimeout();
		require(ackTimeout.toMillis() > 0, "awty.publish.ack-timeout must be positive, was " + ackTimeout,
				"Set it to e.g. 10s.");

		int concurrency = concurrency(type, poller, mode, keys);
		int maxAttempts = pick(type.getMaxAttempts(), retry.getMaxAttempts());
		require(maxAttempts >= 1, keys.of(type.getMaxAttempts(), "max-attempts", "awty.retry.max-attempts")
				+ " must be at least 1, was " + maxAttempts, "Set it to e.g. 10.");
		RetryBackoff backoff = backoff(type, retry, keys);

		OnDelivered onDelivered = pick(type.getOnDelivered(), poller.getOnDelivered());
		Duration claimAhead = poller.getClaimAhead();
		require(!claimAhead.isNegative() && claimAhead.compareTo(lease) < 0, "awty.poller.claim-ahead must be"
				+ " at least 0 and shorter than " + leaseKey + " (" + lease + "), was " + claimAhead,
				"Set it to e.g. 100ms, or 0 to claim rows only once they are due.");
		int markEvery = poller.getMarkEvery();
		require(markEvery >= 1, "awty.poller.mark-every must be at least 1, was " + markEvery, "Set it to e.g. 100.");
		return new TypeSettings(pollInterval, batchSize, mode, lease, concurrency, maxAttempts, backoff,
				type.isPriority(), onDelivered, claimAhead, markEvery, pick(type.getHolding(), poller.getHolding()));
	}

	private static int concurrency(AwtyTypeProperties type, AwtyPollerProperties poller, ClaimMode mode, Keys keys) {
		Integer configured = (type.getConcurrency() != null) ? type.getConcurrency() : poller.getConcurrency();
		int concurrency = (configured != null) ? configured
				: (mode == ClaimMode.LEADER) ? 1 : Math.min(MAX_CONCURRENCY, Runtime.getRuntime().availableProcessors());
		require(concurrency >= 1 && concurrency <= MAX_CONCURRENCY,
				keys.of(type.getConcurrency(), "concurrency", "awty.poller.concurrency") + " must be between 1 and "
						+ MAX_CONCURRENCY + ", was " + concurrency,
				"Set it to the number of batches to process at once, e.g. 2.");
		return concurrency;
	}

	private static RetryBackoff backoff(AwtyTypeProperties type, AwtyRetryProperties retry, Keys keys) {
		Duration initialBackoff = pick(type.getInitialBackoff(), retry.getInitialBackoff());
		Duration maxBackoff = pick(type.getMaxBackoff(), retry.getMaxBackoff());
		require(initialBackoff.toMillis() > 0 && maxBackoff.compareTo(initialBackoff) >= 0,
				keys.of(type.getMaxBackoff(), "max-backoff", "awty.retry.max-backoff") + " (" + maxBackoff
						+ ") must not be shorter than "
						+ keys.of(type.getInitialBackoff(), "initial-backoff", "awty.retry.initial-backoff") + " ("
						+ initialBackoff + "), which must be positive",
				"Raise the maximum or lower the initial backoff.");
		return new RetryBackoff(initialBackoff, retry.getMultiplier(), maxBackoff, retry.getJitter());
	}

	private static void validateRetry(AwtyRetryProperties retry) {
		require(retry.getInitialBackoff().toMillis() > 0,
				"awty.retry.initial-backoff must be positive, was " + retry.getInitialBackoff(), "Set it to e.g. 1s.");
		require(retry.getMultiplier() >= 1.0, "awty.retry.multiplier must be at least 1.0, was " + retry.getMultiplier(),
				"Set it to e.g. 2.0.");
		require(retry.getJitter() >= 0 && retry.getJitter() < 1,
				"awty.retry.jitter must be at least 0 and below 1, was " + retry.getJitter(), "Set it to e.g. 0.2.");
	}

	private static <V> V pick(@Nullable V override, V global) {
		return Objects.requireNonNullElse(override, global);
	}

	/** Names the key a value came from: the type's override when set, else the global one. */
	private record Keys(@Nullable String typePrefix) {

		String of(@Nullable Object override, String name, String globalKey) {
			return (this.typePrefix != null && override != null) ? this.typePrefix + name : globalKey;
		}

	}

}
