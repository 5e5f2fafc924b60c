package dev.awty.sample.order;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;

/**
 * The "is it shipped yet?" check of one order: a row of {@code scheduled_order_check}, looked at only when
 * due, by {@link UnshippedOrderCheck}.
 */
@ScheduledEvent(table = "scheduled_order_check", channel = RaisedAlerts.CHANNEL)
public class ScheduledOrderCheck extends ScheduledEntity {

	private Long orderId;

	protected ScheduledOrderCheck() {
	}

	public ScheduledOrderCheck(long orderId) {
		this.orderId = orderId;
	}

	public Long getOrderId() {
		return this.orderId;
	}

}
