package dev.awty.jpa.shop;

import java.util.List;

import org.springframework.data.jpa.domain.Specification;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.JpaSpecificationExecutor;

import dev.awty.EventStatus;
import dev.awty.jpa.ScheduledEvents;

public interface Reminders extends JpaRepository<ScheduledInvoiceReminder, Long>,
		JpaSpecificationExecutor<ScheduledInvoiceReminder>, ScheduledEvents<ScheduledInvoiceReminder> {

	List<ScheduledInvoiceReminder> findByInvoiceCustomerAndStatus(Customer customer, EventStatus status);

	static Specification<ScheduledInvoiceReminder> ofCustomer(long customerId) {
		return (reminder, query, cb) -> cb.equal(reminder.join("invoice").get("customer").get("id"), customerId);
	}

	static Specification<ScheduledInvoiceReminder> ofInvoice(long invoiceId) {
		return (reminder, query, cb) -> cb.equal(reminder.get("invoice").get("id"), invoiceId);
	}

}
