package dev.awty.example.jpa;

import java.time.Instant;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import dev.awty.EventScheduler;

/** Issues invoices and schedules their reminders in the same transaction. */
@Service
public class Billing {

	private final Invoices invoices;

	private final EventScheduler scheduler;

	Billing(Invoices invoices, EventScheduler scheduler) {
		this.invoices = invoices;
		this.scheduler = scheduler;
	}

	// tag::issue[]
	@Transactional
	public Invoice issue(String customerEmail, long amountCents, Instant remindAt) {
		Invoice invoice = this.invoices.save(new Invoice(customerEmail, amountCents)); // not inserted yet
		this.scheduler.schedule(new PaymentReminder(invoice.getId()), remindAt); // flushes the invoice, then inserts
		return invoice;
	}
	// end::issue[]

}
