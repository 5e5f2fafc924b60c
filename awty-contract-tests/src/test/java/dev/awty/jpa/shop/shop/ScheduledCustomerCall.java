package dev.awty.jpa.shop;

import jakarta.persistence.Entity;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;

/** A JPA-mapped event type with a plain id column instead of an association. */
@Entity
@ScheduledEvent(table = "scheduled_customer_call", channel = "customerCallChannel")
public class ScheduledCustomerCall extends ScheduledEntity {

	private Long customerId;

	protected ScheduledCustomerCall() {
	}

	public ScheduledCustomerCall(long customerId) {
		this.customerId = customerId;
	}

	public Long getCustomerId() {
		return this.customerId;
	}

}
