package dev.awty.sample.invoice;

import java.util.List;

import org.springframework.data.jpa.domain.Specification;
import org.springframework.data.jpa.repository.JpaRepository;

import dev.awty.EventStatus;
import dev.awty.jpa.ScheduledEvents;

/**
 * The reminders through Spring Data: derived queries to read them, awty's {@link ScheduledEvents} fragment
 * to move and cancel them by {@link Specification}s.
 */
// tag::repository[]
interface InvoiceReminders extends JpaRepository<ScheduledInvoiceReminder, Long>,
		ScheduledEvents<ScheduledInvoiceReminder> {

	List<ScheduledInvoiceReminder> findByInvoiceIdOrderByDueAt(Long invoiceId);

	List<ScheduledInvoiceReminder> findByInvoiceCustomerEmailAndStatus(String customerEmail, EventStatus status);

	static Specification<ScheduledInvoiceReminder> ofInvoice(long invoiceId) {
		return (reminder, query, cb) -> cb.equal(reminder.get("invoice").get("id"), invoiceId);
	}

	static Specification<ScheduledInvoiceReminder> ofCustomer(String customerEmail) {
		return (reminder, query, cb) -> cb.equal(reminder.join("invoice").get("customerEmail"), customerEmail);
	}
}
// end::repository[]
