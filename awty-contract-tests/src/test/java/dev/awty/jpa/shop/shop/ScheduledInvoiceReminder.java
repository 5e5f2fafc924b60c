package dev.awty.jpa.shop;

import java.time.Instant;

import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;

@Entity
@Table(name = "scheduled_invoice_reminder")
@ScheduledEvent(table = "scheduled_invoice_reminder", channel = "invoiceReminderChannel")
public class ScheduledInvoiceReminder extends ScheduledEntity {

	@ManyToOne(fetch = FetchType.LAZY, optional = false)
	private Invoice invoice;

	protected ScheduledInvoiceReminder() {
	}

	/** For {@link dev.awty.EventScheduler}, which gives the due time. */
	public ScheduledInvoiceReminder(Invoice invoice) {
		this.invoice = invoice;
	}

	/** For {@link Reminders#save}. */
	public ScheduledInvoiceReminder(Invoice invoice, Instant remindAt) {
		super(remindAt);
		this.invoice = invoice;
	}

	public Invoice getInvoice() {
		return this.invoice;
	}

}
