package dev.awty.autoconfigure.properties;

import java.time.Duration;

/**
 * Retry settings, under {@code awty.retry.*}.
 */
public class AwtyRetryProperties {

	/**
	 * Number of delivery attempts after which a row becomes FAILED; with the default backoff, 20 attempts span
	 * about 8 hours.
	 */
	private int maxAttempts = 20;

	/**
	 * Delay before the second attempt.
	 */
	private Duration initialBackoff = Duration.ofSeconds(1);

	/**
	 * Factor applied to the delay after each further failed attempt.
	 */
	private double multiplier = 2.0;

	/**
	 * Longest delay between two attempts.
	 */
	private Duration maxBackoff = Duration.ofHours(1);

	/**
	 * Random spread applied to each delay, as a fraction (0.2 means plus or minus 20 percent).
	 */
	private double jitter = 0.2;

	public int getMaxAttempts() {
		return this.maxAttempts;
	}

	public void setMaxAttempts(int maxAttempts) {
		this.maxAttempts = maxAttempts;
	}

	public Duration getInitialBackoff() {
		return this.initialBackoff;
	}

	public void setInitialBackoff(Duration initialBackoff) {
		this.initialBackoff = initialBackoff;
	}

	public double getMultiplier() {
		return this.multiplier;
	}

	public void setMultiplier(double multiplier) {
		this.multiplier = multiplier;
	}

	public Duration getMaxBackoff() {
		return this.maxBackoff;
	}

	public void setMaxBackoff(Duration maxBackoff) {
		this.maxBackoff = maxBackoff;
	}

	public double getJitter() {
		return this.jitter;
	}

	public void setJitter(double jitter) {
		this.jitter = jitter;
	}

}
