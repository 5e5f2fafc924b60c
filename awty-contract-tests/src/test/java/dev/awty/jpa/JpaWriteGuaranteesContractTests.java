package dev.awty.jpa;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import dev.awty.jpa.shop.Billing;
import dev.awty.jpa.shop.Invoice;
import dev.awty.jpa.shop.Reminders;
import dev.awty.repository.ChangeResult;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The repository fragment's writes keep the JDBC selection's guarantees inside the caller's transaction and to the
 * microsecond, on every database.
 */
@OnEveryDatabase
class JpaWriteGuaranteesContractTests extends DatabaseContractTests {

	JpaWriteGuaranteesContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@Test
	void aRowClaimedAfterTheCallersTransactionFirstReadIsReportedInFlight() {
		JpaContexts.billing(this.database, new ReceivedEvents()).run((context) -> {
			List<Invoice> ofAda = context.getBean(Billing.class).invoicesWithReminders("ada", 3,
					Instant.now().plus(Duration.ofHours(1)));
			long customerId = this.jdbc
				.queryForObject("SELECT customer_id FROM invoice WHERE id = ?", Long.class, ofAda.get(0).getId());
			Reminders reminders = context.getBean(Reminders.class);
			ChangeResult result = new TransactionTemplate(context.getBean(PlatformTransactionManager.class))
				.execute((status) -> {
					// the service reads first; MySQL's REPEATABLE READ keeps that snapshot for later reads
					reminders.findAll();
					this.jdbc.update("UPDATE scheduled_invoice_reminder SET claimed_by = 'x', claimed_until = ?"
							+ " WHERE invoice_id = ?", this.database.timestamp(Instant.now().plus(Duration.ofMinutes(5))),
							ofAda.get(0).getId());
					return reminders.rescheduleTo(Reminders.ofCustomer(customerId),
							Instant.now().plus(Duration.ofDays(2)));
				});
			assertThat(result).isEqualTo(new ChangeResult(2, 1));
		});
	}

	@Test
	void rescheduleToKeepsTheMicrosecondsAsTheJdbcSelectionDoes() {
		JpaContexts.billing(this.database, new ReceivedEvents()).run((context) -> {
			Invoice invoice = context.getBean(Billing.class).invoiceWithReminder("tony", 3,
					Instant.now().plus(Duration.ofHours(1)));
			Instant newTime = Instant.parse("2031-05-06T07:08:09.123456Z");
			context.getBean(Reminders.class).rescheduleTo(Reminders.ofInvoice(invoice.getId()), newTime);
			Instant stored = this.jdbc.queryForObject(
					"SELECT due_at FROM scheduled_invoice_reminder WHERE invoice_id = ?",
					(rs, n) -> this.database.instant(rs, 1), invoice.getId());
			assertThat(stored).isEqualTo(newTime);
		});
	}

}
