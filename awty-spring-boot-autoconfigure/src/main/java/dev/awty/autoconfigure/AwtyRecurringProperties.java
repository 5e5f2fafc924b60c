package dev.awty.autoconfigure;

import java.time.Duration;

import org.springframework.util.unit.DataSize;

/**
 * Recurring schedule settings, under {@code awty.recurring.*}.
 */
public class AwtyRecurringProperties {

	/**
	 * Whether recurring schedules can be created and are published.
	 */
	private boolean enabled = true;

	/**
	 * Channel that occurrences of schedules without a channel of their own are published to.
	 */
	private String channel = "awtyRecurring";

	/**
	 * Longest sleep of the recurring poller; it wakes earlier when the next schedule is due sooner.
	 */
	private Duration pollInterval = Duration.ofSeconds(1);

	/**
	 * Maximum number of schedules claimed per batch.
	 */
	private int batchSize = 500;

	/**
	 * Maximum number of missed occurrences one schedule publishes under the fire-all misfire policy.
	 */
	private int maxCatchUp = 100;

	/**
	 * Largest payload a schedule may carry, measured in UTF-8 bytes.
	 */
	private DataSize payloadLimit = DataSize.ofKilobytes(64);

	/**
	 * How long a change to a schedule waits for an occurrence of it that is being published right now.
	 */
	private Duration changeWait = Duration.ofSeconds(10);

	private final Web web = new Web();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public String getChannel() {
		return this.channel;
	}

	public void setChannel(String channel) {
		this.channel = channel;
	}

	public Duration getPollInterval() {
		return this.pollInterval;
	}

	public void setPollInterval(Duration pollInterval) {
		this.pollInterval = pollInterval;
	}

	public int getBatchSize() {
		return this.batchSize;
	}

	public void setBatchSize(int batchSize) {
		this.batchSize = batchSize;
	}

	public int getMaxCatchUp() {
		return this.maxCatchUp;
	}

	public void setMaxCatchUp(int maxCatchUp) {
		this.maxCatchUp = maxCatchUp;
	}

	public DataSize getPayloadLimit() {
		return this.payloadLimit;
	}

	public void setPayloadLimit(DataSize payloadLimit) {
		this.payloadLimit = payloadLimit;
	}

	public Duration getChangeWait() {
		return this.changeWait;
	}

	public void setChangeWait(Duration changeWait) {
		this.changeWait = changeWait;
	}

	public Web getWeb() {
		return this.web;
	}

	public static class Web {

		/**
		 * Whether the REST endpoints under /awty/schedules are served (needs Spring MVC).
		 */
		private boolean enabled;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

	}

}
