package dev.awty.benchmarks.soak;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;

/** The soak's limited type: a rate for the cluster and one row in flight per customer. */
@ScheduledEvent(table = "soak_limited", channel = SoakApplication.CHANNEL, name = "soak_limited")
public class SoakLimitedEvent extends ScheduledEntity implements SoakRow {

	private Long seq;

	private Long customerId;

	protected SoakLimitedEvent() {
	}

	public SoakLimitedEvent(long seq, long customerId) {
		this.seq = seq;
		this.customerId = customerId;
	}

	@Override
	public Long getSeq() {
		return this.seq;
	}

	public Long getCustomerId() {
		return this.customerId;
	}

}
