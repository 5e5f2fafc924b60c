package dev.awty.sample.invoice;

import java.time.Instant;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.springframework.integration.annotation.ServiceActivator;
import org.springframework.messaging.handler.annotation.Header;
import org.springframework.stereotype.Component;

import dev.awty.AwtyHeaders;

/**
 * "Sends" each due reminder (the sample records it). The payload is the reminder as JPA loaded it; awty keeps
 * its entity manager open while it publishes, so the lazy invoice is read here without an exception.
 */
@Component
class SentReminders {

	record Sent(String eventId, long invoiceId, String customerEmail, long amountCents, Instant dueAt, Instant sentAt) {
	}

	private final Queue<Sent> sent = new ConcurrentLinkedQueue<>();

	@ServiceActivator(inputChannel = "paymentReminders")
	void send(ScheduledInvoiceReminder reminder, @Header(AwtyHeaders.EVENT_ID) String eventId) {
		Invoice invoice = reminder.getInvoice();
		this.sent.add(new Sent(eventId, invoice.getId(), invoice.getCustomerEmail(), invoice.getAmountCents(),
				reminder.getDueAt(), Instant.now()));
	}

	List<Sent> all() {
		return List.copyOf(this.sent);
	}

}
