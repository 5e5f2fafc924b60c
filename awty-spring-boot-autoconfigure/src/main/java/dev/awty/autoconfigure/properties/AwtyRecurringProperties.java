package dev.awty.autoconfigure.properties;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.context.properties.NestedConfigurationProperty;
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
	 * How long before their occurrence schedules are claimed; each occurrence is still published no earlier than
	 * its time by the database clock. Longer than awty.poller.claim-ahead, which does not apply here, because
	 * schedules come due in bursts at round times and the whole burst must be claimed before it is due.
	 */
	private Duration claimAhead = Duration.ofMillis(500);

	/**
	 * How many claimed batches this instance holds at once, in either claim mode; awty.poller.concurrency does not
	 * apply here. A batch claimed ahead waits for its occurrences in a worker, so this times the batch size is the
	 * largest burst of occurrences due at one instant that is claimed before it is due.
	 */
	private int concurrency = 4;

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

	@NestedConfigurationProperty
	private final AwtyRecurringWebProperties web = new AwtyRecurringWebProperties();

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

	public Duration getClaimAhead() {
		return this.claimAhead;
	}

	public void setClaimAhead(Duration claimAhead) {
		this.claimAhead = claimAhead;
	}

	public int getConcurrency() {
		return this.concurrency;
	}

	public void setConcurrency(int concurrency) {
		this.concurrency = concurrency;
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

	public AwtyRecurringWebProperties getWeb() {
		return this.web;
	}

}
