package dev.awty.example.jpa;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;

/** A reminder to pay one invoice, a row of {@code scheduled_payment_reminder} whose foreign key is the invoice. */
// tag::event[]
@ScheduledEvent(table = "scheduled_payment_reminder", channel = "paymentReminders")
public class PaymentReminder extends ScheduledEntity {

	private Long invoiceId;

	protected PaymentReminder() {
	}

	public PaymentReminder(long invoiceId) {
		this.invoiceId = invoiceId;
	}

	public Long getInvoiceId() {
		return this.invoiceId;
	}
}
// end::event[]
