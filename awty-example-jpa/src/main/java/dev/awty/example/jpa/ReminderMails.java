package dev.awty.example.jpa;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.springframework.integration.annotation.ServiceActivator;
import org.springframework.messaging.handler.annotation.Header;
import org.springframework.stereotype.Component;

import dev.awty.AwtyHeaders;

/** Sends the reminders awty delivers; here it keeps the invoice ids, so the example's test can see them. */
@Component
public class ReminderMails {

	private final List<Long> remindedInvoices = new CopyOnWriteArrayList<>();

	// tag::consumer[]
	@ServiceActivator(inputChannel = "paymentReminders")
	void send(PaymentReminder reminder, @Header(AwtyHeaders.EVENT_ID) String eventId) {
		this.remindedInvoices.add(reminder.getInvoiceId()); // a real service mails here, de-duplicating on eventId
	}
	// end::consumer[]

	public List<Long> remindedInvoices() {
		return List.copyOf(this.remindedInvoices);
	}

}
