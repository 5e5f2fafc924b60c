package dev.awty.autoconfigure.properties;

import java.time.Duration;

/**
 * Deleting old history and finished rows, under {@code awty.housekeeping.*}.
 */
public class AwtyHousekeepingProperties {

	/**
	 * Whether housekeeping runs on this instance (one instance at a time, under the lock awty:housekeeping).
	 */
	private boolean enabled = true;

	/**
	 * Pause between two housekeeping runs.
	 */
	private Duration interval = Duration.ofHours(1);

	/**
	 * Most rows one delete statement removes, so that no statement holds locks for long.
	 */
	private int batchSize = 5000;

	/**
	 * How long rows of types with on-delivered=mark stay after they were delivered or cancelled; each type
	 * may override it.
	 */
	private Duration keepFinished = Duration.ofDays(7);

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public Duration getInterval() {
		return this.interval;
	}

	public void setInterval(Duration interval) {
		this.interval = interval;
	}

	public int getBatchSize() {
		return this.batchSize;
	}

	public void setBatchSize(int batchSize) {
		this.batchSize = batchSize;
	}

	public Duration getKeepFinished() {
		return this.keepFinished;
	}

	public void setKeepFinished(Duration keepFinished) {
		this.keepFinished = keepFinished;
	}

}
