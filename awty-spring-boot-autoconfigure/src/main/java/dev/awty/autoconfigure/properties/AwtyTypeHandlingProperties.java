package dev.awty.autoconfigure.properties;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

import dev.awty.history.HistoryMode;

/**
 * One event type's overrides of how its handler runs, what its history records and how long its finished rows
 * stay, under {@code awty.types.<name>.*}: the settings that {@code AwtySettings} merges with
 * {@code awty.checks.*}, {@code awty.history.*} and {@code awty.housekeeping.*}. {@link AwtyTypeProperties}
 * extends it, so that these keys stay directly under the type.
 */
public abstract class AwtyTypeHandlingProperties {

	/**
	 * Most times this type's handler runs for one row; defaults to awty.checks.max-checks.
	 */
	private @Nullable Integer maxChecks;

	/**
	 * Longest one call of this type's handler may take; defaults to awty.checks.handler-timeout.
	 */
	private @Nullable Duration handlerTimeout;

	/**
	 * Furthest after now this type's handler may ask to check again; defaults to awty.checks.horizon.
	 */
	private @Nullable Duration horizon;

	/**
	 * Which outcomes of this type are written to awty_delivery_log; defaults to awty.history.mode.
	 */
	private @Nullable HistoryMode history;

	/**
	 * How long delivered or cancelled rows of this type stay when on-delivered is mark; defaults to
	 * awty.housekeeping.keep-finished.
	 */
	private @Nullable Duration keepFinished;

	public @Nullable Integer getMaxChecks() {
		return this.maxChecks;
	}

	public void setMaxChecks(@Nullable Integer maxChecks) {
		this.maxChecks = maxChecks;
	}

	public @Nullable Duration getHandlerTimeout() {
		return this.handlerTimeout;
	}

	public void setHandlerTimeout(@Nullable Duration handlerTimeout) {
		this.handlerTimeout = handlerTimeout;
	}

	public @Nullable Duration getHorizon() {
		return this.horizon;
	}

	public void setHorizon(@Nullable Duration horizon) {
		this.horizon = horizon;
	}

	public @Nullable HistoryMode getHistory() {
		return this.history;
	}

	public void setHistory(@Nullable HistoryMode history) {
		this.history = history;
	}

	public @Nullable Duration getKeepFinished() {
		return this.keepFinished;
	}

	public void setKeepFinished(@Nullable Duration keepFinished) {
		this.keepFinished = keepFinished;
	}

}
