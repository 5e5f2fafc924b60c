package dev.awty.example.flyway;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;

/**
 * The check of one order, a row of {@code scheduled_unshipped_order} that the service's migration creates.
 */
// tag::event[]
@ScheduledEvent(table = "scheduled_unshipped_order", channel = "unshippedOrders")
public class UnshippedOrderCheck extends ScheduledEntity {

	private Long orderId;

	protected UnshippedOrderCheck() {
	}

	public UnshippedOrderCheck(long orderId) {
		this.orderId = orderId;
	}

	public Long getOrderId() {
		return this.orderId;
	}
}
// end::event[]
