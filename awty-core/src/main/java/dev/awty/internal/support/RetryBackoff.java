package dev.awty.internal.support;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Exponential backoff with jitter, computed from the attempt number alone: the poller keeps no per-row
 * state, the attempt count lives in the row. Spring's {@code BackOff} is stateful per execution, which
 * does not fit rows retried by whichever instance claims them next.
 *
 * @param jitter the random spread as a fraction, e.g. 0.2 for ±20 %
 */
public record RetryBackoff(Duration initial, double multiplier, Duration max, double jitter) {

	/**
	 * The delay before the attempt after {@code failedAttempt} (1 for the first attempt).
	 */
	public long delayMillis(int failedAttempt) {
		double base = this.initial.toMillis() * Math.pow(this.multiplier, Math.max(0, failedAttempt - 1));
		double capped = Math.min(base, this.max.toMillis());
		double spread = (this.jitter > 0) ? ThreadLocalRandom.current().nextDouble(-this.jitter, this.jitter) : 0;
		return Math.max(0, Math.min(this.max.toMillis(), Math.round(capped * (1 + spread))));
	}

}
