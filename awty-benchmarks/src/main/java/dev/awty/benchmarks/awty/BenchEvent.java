package dev.awty.benchmarks.awty;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;

/** The benchmark's event type: one row per event, counted by the consumer by its sequence number. */
@ScheduledEvent(table = "scheduled_bench", channel = BenchEvent.CHANNEL, name = "bench")
public class BenchEvent extends ScheduledEntity {

	public static final String CHANNEL = "benchEvents";

	private Long seq;

	/** The key of the limits scenario, at most one row of which is in flight; null elsewhere. */
	private Long customerId;

	protected BenchEvent() {
	}

	public BenchEvent(long seq) {
		this.seq = seq;
	}

	public Long getSeq() {
		return this.seq;
	}

	public Long getCustomerId() {
		return this.customerId;
	}

}
