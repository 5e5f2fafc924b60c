package dev.awty.sample.invoice;

import java.time.Instant;
import java.util.Optional;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import dev.awty.EventScheduler;
import dev.awty.repository.ChangeResult;

/**
 * Invoices with a payment reminder each, written with Spring Data JPA only: no flush, no SQL.
 */
@Service
class InvoiceService {

	private final Invoices invoices;

	private final InvoiceReminders reminders;

	private final EventScheduler scheduler;

	InvoiceService(Invoices invoices, InvoiceReminders reminders, EventScheduler scheduler) {
		this.invoices = invoices;
		this.reminders = reminders;
		this.scheduler = scheduler;
	}

	/** Issues an invoice and schedules its reminder in the same transaction as the {@code save}. */
	// tag::issue[]
	@Transactional
	public Invoice issue(String customerEmail, long amountCents, Instant remindAt) {
		Invoice invoice = this.invoices.save(new Invoice(customerEmail, amountCents, Instant.now())); // not yet inserted
		this.scheduler.schedule(new ScheduledInvoiceReminder(invoice), remindAt); // flushes, then inserts
		return invoice;
	}
	// end::issue[]

	/** Marks the invoice paid and cancels its pending reminder, by the invoice. */
	@Transactional
	public Optional<ChangeResult> pay(long invoiceId) {
		return this.invoices.findById(invoiceId).map((invoice) -> {
			invoice.paid(Instant.now());
			return this.reminders.cancel(InvoiceReminders.ofInvoice(invoiceId));
		});
	}

	/** Postpones every pending reminder of a customer, by a join through the invoice. */
	// tag::postpone[]
	@Transactional
	public ChangeResult postpone(String customerEmail, Instant until) {
		return this.reminders.rescheduleTo(InvoiceReminders.ofCustomer(customerEmail), until);
	}
	// end::postpone[]

}
