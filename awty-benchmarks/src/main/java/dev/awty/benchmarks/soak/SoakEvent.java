package dev.awty.benchmarks.soak;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;

/** The soak's plain event type: most of its load, published as is when due. */
@ScheduledEvent(table = "soak_event", channel = SoakApplication.CHANNEL, name = "soak_event")
public class SoakEvent extends ScheduledEntity implements SoakRow {

	private Long seq;

	protected SoakEvent() {
	}

	public SoakEvent(long seq) {
		this.seq = seq;
	}

	@Override
	public Long getSeq() {
		return this.seq;
	}

}
