package dev.awty.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

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
	 * Further channels that schedules may name besides the default channel; a schedule naming any other channel
	 * is refused when it is created or updated.
	 */
	private List<String> allowedChannels = new ArrayList<>();

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

	/**
	 * How long an @at schedule stays after it fired (and was last changed) before housekeeping deletes it.
	 */
	private Duration keepCompleted = Duration.ofDays(7);

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

	public List<String> getAllowedChannels() {
		return this.allowedChannels;
	}

	public void setAllowedChannels(List<String> allowedChannels) {
		this.allowedChannels = allowedChannels;
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

	public Duration getKeepCompleted() {
		return this.keepCompleted;
	}

	public void setKeepCompleted(Duration keepCompleted) {
		this.keepCompleted = keepCompleted;
	}

	public Web getWeb() {
		return this.web;
	}

	public static class Web {

		/**
		 * Whether the REST endpoints under /awty/schedules are served (needs Spring MVC).
		 */
		private boolean enabled;

		/**
		 * Whether the endpoints serve every caller when Spring Security is absent: risky, since anybody who reaches
		 * the application may then create, change and delete schedules.
		 */
		private boolean open;

		/**
		 * Role a user needs for every endpoint when Spring Security is on the classpath, without the ROLE_ prefix.
		 */
		private String role = "AWTY_OPERATOR";

		/**
		 * Largest number of schedules one POST to /awty/schedules/batch may create.
		 */
		private int maxBatchSize = 1000;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public boolean isOpen() {
			return this.open;
		}

		public void setOpen(boolean open) {
			this.open = open;
		}

		public String getRole() {
			return this.role;
		}

		public void setRole(String role) {
			this.role = role;
		}

		public int getMaxBatchSize() {
			return this.maxBatchSize;
		}

		public void setMaxBatchSize(int maxBatchSize) {
			this.maxBatchSize = maxBatchSize;
		}

	}

}
