package dev.awty.autoconfigure.properties;

import java.time.Duration;

import dev.awty.history.HistoryMode;

/**
 * Delivery history in awty_delivery_log, under {@code awty.history.*}.
 */
public class AwtyHistoryProperties {

	/**
	 * Which outcomes are written to awty_delivery_log: all, failures or none; each type may override it.
	 */
	private HistoryMode mode = HistoryMode.ALL;

	/**
	 * How long history entries are kept before housekeeping deletes them.
	 */
	private Duration retention = Duration.ofDays(90);

	/**
	 * Whether housekeeping creates and drops the daily partitions of awty_delivery_log where it is partitioned
	 * (PostgreSQL); false when pg_partman or a job of your own manages them.
	 */
	private boolean managePartitions = true;

	public HistoryMode getMode() {
		return this.mode;
	}

	public void setMode(HistoryMode mode) {
		this.mode = mode;
	}

	public Duration getRetention() {
		return this.retention;
	}

	public void setRetention(Duration retention) {
		this.retention = retention;
	}

	public boolean isManagePartitions() {
		return this.managePartitions;
	}

	public void setManagePartitions(boolean managePartitions) {
		this.managePartitions = managePartitions;
	}

}
