package dev.awty.example.twodatasources;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;

/** A reminder to ship one order, a row of {@code scheduled_shipment_reminder} in the orders database. */
@ScheduledEvent(table = "scheduled_shipment_reminder", channel = "shipmentReminders")
public class ShipmentReminder extends ScheduledEntity {

	private Long orderId;

	protected ShipmentReminder() {
	}

	public ShipmentReminder(long orderId) {
		this.orderId = orderId;
	}

	public Long getOrderId() {
		return this.orderId;
	}

}
