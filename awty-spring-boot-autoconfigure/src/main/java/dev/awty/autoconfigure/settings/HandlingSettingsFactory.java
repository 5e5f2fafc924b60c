package dev.awty.autoconfigure.settings;

import java.time.Duration;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

import dev.awty.autoconfigure.properties.AwtyChecksProperties;
import dev.awty.autoconfigure.properties.AwtyHousekeepingProperties;
import dev.awty.autoconfigure.properties.AwtyProperties;
import dev.awty.autoconfigure.properties.AwtyTypeProperties;
import dev.awty.history.HistoryMode;
import dev.awty.internal.checks.HandlingSettings;

import static dev.awty.autoconfigure.settings.Requirements.require;

/**
 * Merges the global guard, history and housekeeping settings with a type's overrides and rejects values
 * that make no sense, naming the keys.
 */
final class HandlingSettingsFactory {

	private final AwtyProperties properties;

	HandlingSettingsFactory(AwtyProperties properties) {
		this.properties = properties;
		AwtyHousekeepingProperties housekeeping = properties.getHousekeeping();
		require(positive(properties.getHistory().getRetention()),
				"awty.history.retention must be positive, was " + properties.getHistory().getRetention(),
				"Set it to how long history is kept, e.g. 90d.");
		require(positive(housekeeping.getInterval()),
				"awty.housekeeping.interval must be positive, was " + housekeeping.getInterval(), "Set it to e.g. 1h.");
		require(housekeeping.getBatchSize() >= 1 && housekeeping.getBatchSize() <= 100_000,
				"awty.housekeeping.batch-size must be between 1 and 100000, was " + housekeeping.getBatchSize(),
				"Set it to e.g. 5000.");
	}

	/**
	 * A handler call, and a batch of them, may outlast the claim lease: the heartbeat extends the lease of the
	 * rows a batch holds while its handler runs.
	 */
	HandlingSettings settingsFor(String typeName) {
		AwtyTypeProperties type = type(typeName);
		String prefix = "awty.types." + typeName + ".";
		AwtyChecksProperties checks = this.properties.getChecks();
		int maxChecks = pick(type.getMaxChecks(), checks.getMaxChecks());
		String maxChecksKey = (type.getMaxChecks() != null) ? prefix + "max-checks" : "awty.checks.max-checks";
		require(maxChecks >= 1, maxChecksKey + " must be at least 1, was " + maxChecks, "Set it to e.g. 100.");
		Duration timeout = pick(type.getHandlerTimeout(), checks.getHandlerTimeout());
		String timeoutKey = (type.getHandlerTimeout() != null) ? prefix + "handler-timeout" : "awty.checks.handler-timeout";
		require(positive(timeout), timeoutKey + " must be positive, was " + timeout,
				"Set it to the longest a handler call may take, e.g. 10s.");
		Duration horizon = pick(type.getHorizon(), checks.getHorizon());
		String horizonKey = (type.getHorizon() != null) ? prefix + "horizon" : "awty.checks.horizon";
		require(positive(horizon), horizonKey + " must be positive, was " + horizon, "Set it to e.g. 30d.");
		return new HandlingSettings(maxChecks, timeout, horizon, historyFor(typeName));
	}

	/** Which outcomes of the type are written to the history table. */
	HistoryMode historyFor(String typeName) {
		return pick(type(typeName).getHistory(), this.properties.getHistory().getMode());
	}

	/** How long finished rows of the type stay before housekeeping deletes them. */
	Duration keepFinishedFor(String typeName) {
		AwtyTypeProperties type = type(typeName);
		Duration keep = pick(type.getKeepFinished(), this.properties.getHousekeeping().getKeepFinished());
		String key = (type.getKeepFinished() != null) ? "awty.types." + typeName + ".keep-finished"
				: "awty.housekeeping.keep-finished";
		require(positive(keep), key + " must be positive, was " + keep, "Set it to e.g. 7d.");
		return keep;
	}

	private AwtyTypeProperties type(String typeName) {
		return this.properties.getTypes().getOrDefault(typeName, new AwtyTypeProperties());
	}

	private static boolean positive(Duration duration) {
		return duration.toMillis() > 0;
	}

	private static <V> V pick(@Nullable V override, V global) {
		return Objects.requireNonNullElse(override, global);
	}

}
