package dev.awty.example.twodatasources;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.springframework.integration.annotation.ServiceActivator;
import org.springframework.stereotype.Component;

/** The warehouse desk that receives the reminders awty delivers; here it keeps the order ids for the test. */
@Component
public class Warehouse {

	private final List<Long> remindedOrders = new CopyOnWriteArrayList<>();

	@ServiceActivator(inputChannel = "shipmentReminders")
	void remind(ShipmentReminder reminder) {
		this.remindedOrders.add(reminder.getOrderId());
	}

	public List<Long> remindedOrders() {
		return List.copyOf(this.remindedOrders);
	}

}
