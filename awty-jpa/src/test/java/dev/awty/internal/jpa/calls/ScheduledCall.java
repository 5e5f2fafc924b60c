package dev.awty.internal.jpa.calls;

import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

import dev.awty.ScheduledEntity;

/** A scheduled row whose customer is a lazy association: read after its entity manager closed, it throws. */
@Entity
@Table(name = "scheduled_call")
public class ScheduledCall extends ScheduledEntity {

	@ManyToOne(fetch = FetchType.LAZY)
	@JoinColumn(name = "customer_id")
	private Customer customer;

	protected ScheduledCall() {
	}

	public Customer getCustomer() {
		return this.customer;
	}

}
