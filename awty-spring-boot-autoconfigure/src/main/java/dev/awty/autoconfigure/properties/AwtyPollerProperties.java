package dev.awty.autoconfigure.properties;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

import dev.awty.Holding;
import dev.awty.OnDelivered;

/**
 * Poller settings, under {@code awty.poller.*}.
 */
public class AwtyPollerProperties {

	/**
	 * How long a poller sleeps when nothing is due.
	 */
	private Duration pollInterval = Duration.ofSeconds(1);

	/**
	 * Maximum number of rows claimed and published per batch. Rows slow to deliver are claimed in smaller batches,
	 * about a second of one worker's work each.
	 */
	private int batchSize = 500;

	/**
	 * How many claimed batches of one type this instance processes at once. Defaults to 1 in leader
	 * mode and to the number of processors in skip-locked mode.
	 */
	private @Nullable Integer concurrency;

	/**
	 * What happens to a row once published: mark it DELIVERED, or delete it.
	 */
	private OnDelivered onDelivered = OnDelivered.MARK;

	/**
	 * Whether instances on PostgreSQL wake each other with LISTEN/NOTIFY when a row is scheduled to be
	 * due before their next poll.
	 */
	private boolean listenNotify = true;

	/**
	 * How long before their due time rows are claimed; each claimed row is still published no earlier than
	 * its due time by the database clock, from an in-memory timer. 0 claims rows only once they are due.
	 */
	private Duration claimAhead = Duration.ofMillis(100);

	/**
	 * How long shutdown waits for batches in flight to finish.
	 */
	private Duration shutdownTimeout = Duration.ofSeconds(30);

	/**
	 * How long a publish may wait for a channel to accept a message.
	 */
	private Duration sendTimeout = Duration.ofSeconds(30);

	/**
	 * How many rows of a batch a worker publishes as one part, whose outcomes are written while it publishes the
	 * next; an instance that dies re-delivers at most twice this many rows per worker.
	 */
	private int markEvery = 100;

	/**
	 * How a claimed batch is held until its outcome is written. 'transaction': the claim locks the rows and the
	 * batch is published, marked and its history written in that one transaction (one pooled connection per open
	 * batch; a killed instance's rows are free when its connection drops). 'lease': the claim writes a lease that
	 * heartbeats extend. Types with a handler or limits are held by a lease either way.
	 */
	private Holding holding = Holding.TRANSACTION;

	/**
	 * The most batches this instance holds in open transactions at once, across all types: each holds a pooled
	 * connection while it publishes. Start-up fails when this leaves less than half of a HikariCP pool to the
	 * application.
	 */
	private int openTransactions = 4;

	public Holding getHolding() {
		return this.holding;
	}

	public void setHolding(Holding holding) {
		this.holding = holding;
	}

	public int getOpenTransactions() {
		return this.openTransactions;
	}

	public void setOpenTransactions(int openTransactions) {
		this.openTransactions = openTransactions;
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

	public @Nullable Integer getConcurrency() {
		return this.concurrency;
	}

	public void setConcurrency(@Nullable Integer concurrency) {
		this.concurrency = concurrency;
	}

	public OnDelivered getOnDelivered() {
		return this.onDelivered;
	}

	public void setOnDelivered(OnDelivered onDelivered) {
		this.onDelivered = onDelivered;
	}

	public boolean isListenNotify() {
		return this.listenNotify;
	}

	public void setListenNotify(boolean listenNotify) {
		this.listenNotify = listenNotify;
	}

	public Duration getClaimAhead() {
		return this.claimAhead;
	}

	public void setClaimAhead(Duration claimAhead) {
		this.claimAhead = claimAhead;
	}

	public Duration getShutdownTimeout() {
		return this.shutdownTimeout;
	}

	public void setShutdownTimeout(Duration shutdownTimeout) {
		this.shutdownTimeout = shutdownTimeout;
	}

	public Duration getSendTimeout() {
		return this.sendTimeout;
	}

	public void setSendTimeout(Duration sendTimeout) {
		this.sendTimeout = sendTimeout;
	}

	public int getMarkEvery() {
		return this.markEvery;
	}

	public void setMarkEvery(int markEvery) {
		this.markEvery = markEvery;
	}

}
