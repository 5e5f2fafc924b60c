package dev.awty.sample.invoice;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import dev.awty.EventStatus;
import dev.awty.repository.ChangeResult;
import dev.awty.sample.web.BadRequestException;

import static dev.awty.sample.web.BadRequestException.require;

@RestController
class InvoiceController {

	private final InvoiceService invoices;

	private final InvoiceReminders reminders;

	private final SentReminders sent;

	InvoiceController(InvoiceService invoices, InvoiceReminders reminders, SentReminders sent) {
		this.invoices = invoices;
		this.reminders = reminders;
		this.sent = sent;
	}

	record NewInvoice(String customerEmail, Long amountCents, Instant remindAt) {
	}

	record Postpone(String customerEmail, Instant until) {
	}

	@PostMapping("/invoices")
	@ResponseStatus(HttpStatus.CREATED)
	Map<String, Object> issue(@RequestBody NewInvoice invoice) {
		require(invoice.customerEmail() != null && invoice.customerEmail().matches("[^@\\s]+@[^@\\s]+")
				&& invoice.customerEmail().length() <= 320, "customerEmail", "'customerEmail' must be an e-mail address");
		require(invoice.amountCents() != null && invoice.amountCents() > 0, "amountCents", "'amountCents' must be positive");
		require(invoice.remindAt() != null, "remindAt", "'remindAt' is required");
		return Map.of("id", this.invoices.issue(invoice.customerEmail(), invoice.amountCents(), invoice.remindAt()).getId());
	}

	@PostMapping("/invoices/{id}/pay")
	Map<String, Object> pay(@PathVariable long id) {
		ChangeResult result = this.invoices.pay(id)
			.orElseThrow(() -> BadRequestException.notFound("id", "no invoice " + id));
		return Map.of("id", id, "cancelledReminders", result.changed(), "inFlight", result.inFlight());
	}

	@PostMapping("/invoices/postpone")
	Map<String, Object> postpone(@RequestBody Postpone postpone) {
		require(postpone.customerEmail() != null, "customerEmail", "'customerEmail' is required");
		require(postpone.until() != null, "until", "'until' is required");
		ChangeResult result = this.invoices.postpone(postpone.customerEmail(), postpone.until());
		return Map.of("moved", result.changed(), "inFlight", result.inFlight());
	}

	@GetMapping("/invoices/{id}/reminders")
	List<Map<String, Object>> reminders(@PathVariable long id) {
		return this.reminders.findByInvoiceIdOrderByDueAt(id).stream().map(InvoiceController::json).toList();
	}

	@GetMapping("/invoices/reminders")
	List<Map<String, Object>> pendingOf(@RequestParam String customerEmail) {
		return this.reminders.findByInvoiceCustomerEmailAndStatus(customerEmail, EventStatus.PENDING).stream()
			.map(InvoiceController::json).toList();
	}

	@GetMapping("/invoices/reminders/sent")
	List<SentReminders.Sent> sent() {
		return this.sent.all();
	}

	private static Map<String, Object> json(ScheduledInvoiceReminder reminder) {
		return Map.of("id", reminder.getId(), "remindAt", reminder.getDueAt(), "status", reminder.getStatus(),
				"version", reminder.getVersion());
	}

}
