package dev.awty.benchmarks.soak;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;

/** The soak's check type: looked at twice by {@link SoakCheckHandler}, published at the second look. */
@ScheduledEvent(table = "soak_check", channel = SoakApplication.CHANNEL, name = "soak_check")
public class SoakCheck extends ScheduledEntity implements SoakRow {

	private Long seq;

	protected SoakCheck() {
	}

	public SoakCheck(long seq) {
		this.seq = seq;
	}

	@Override
	public Long getSeq() {
		return this.seq;
	}

}
