package dev.awty.autoconfigure.properties;

import java.time.Duration;

/**
 * Guards of handlers and checks, under {@code awty.checks.*}; each type may override them.
 */
public class AwtyChecksProperties {

	/**
	 * Most times a handler runs for one row; a row whose handler asks to check again after that becomes FAILED.
	 */
	private int maxChecks = 100;

	/**
	 * Longest a handler call may take; a call that takes longer is interrupted and counts as a failed attempt.
	 */
	private Duration handlerTimeout = Duration.ofSeconds(10);

	/**
	 * Furthest after now a handler may ask to check again; a later instant makes the row FAILED.
	 */
	private Duration horizon = Duration.ofDays(30);

	public int getMaxChecks() {
		return this.maxChecks;
	}

	public void setMaxChecks(int maxChecks) {
		this.maxChecks = maxChecks;
	}

	public Duration getHandlerTimeout() {
		return this.handlerTimeout;
	}

	public void setHandlerTimeout(Duration handlerTimeout) {
		this.handlerTimeout = handlerTimeout;
	}

	public Duration getHorizon() {
		return this.horizon;
	}

	public void setHorizon(Duration horizon) {
		this.horizon = horizon;
	}

}
