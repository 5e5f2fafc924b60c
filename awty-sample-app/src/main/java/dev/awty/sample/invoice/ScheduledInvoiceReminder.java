package dev.awty.sample.invoice;

import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.ManyToOne;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;

/**
 * "Remind the customer of an unpaid invoice": an awty event type that is also a JPA entity, read and moved
 * through {@link InvoiceReminders}.
 */
// tag::entity[]
@Entity
@ScheduledEvent(table = "scheduled_invoice_reminder", channel = "paymentReminders")
public class ScheduledInvoiceReminder extends ScheduledEntity {

	@ManyToOne(fetch = FetchType.LAZY, optional = false)
	private Invoice invoice;

	protected ScheduledInvoiceReminder() {
	}

	ScheduledInvoiceReminder(Invoice invoice) {
		this.invoice = invoice;
	}

	public Invoice getInvoice() {
		return this.invoice;
	}
}
// end::entity[]
