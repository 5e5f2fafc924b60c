package dev.awty.benchmarks.jpa;

import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;

/** The benchmark's rows ({@code scheduled_bench}) mapped as a JPA entity joined to their item. */
@Entity
@Table(name = "scheduled_bench")
@ScheduledEvent(table = "scheduled_bench", channel = JpaBenchEvent.CHANNEL, name = "bench")
public class JpaBenchEvent extends ScheduledEntity {

	static final String CHANNEL = "jpaBenchChannel";

	@ManyToOne(fetch = FetchType.LAZY)
	@JoinColumn(name = "seq")
	private BenchItem item;

	protected JpaBenchEvent() {
	}

	public BenchItem getItem() {
		return this.item;
	}

}
