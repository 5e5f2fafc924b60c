package dev.awty.example.jpa;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The Spring Data JPA service of the README's guide, built with the starter as its only awty dependency: an invoice
 * saved and its reminder scheduled in one transaction commit together (the invoice's insert is flushed before the
 * reminder's, whose foreign key needs it), and the reminder is delivered; a rolled-back issue leaves neither.
 */
class BillingApplicationTests {

	private final String url = "jdbc:h2:mem:billing-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";

	@Test
	void anInvoiceSavedAndItsReminderScheduledInOneTransactionAreBothStoredAndTheReminderIsDelivered() {
		try (ConfigurableApplicationContext context = start()) {
			Invoice invoice = context.getBean(Billing.class).issue("ada@example.com", 4_200, Instant.now());

			await().atMost(Duration.ofSeconds(10))
				.until(() -> context.getBean(ReminderMails.class).remindedInvoices().contains(invoice.getId()));
			assertThat(context.getBean(ReminderMails.class).remindedInvoices()).containsExactly(invoice.getId());
			assertThat(count(context, "SELECT COUNT(*) FROM scheduled_payment_reminder WHERE status = 'DELIVERED'"))
				.isEqualTo(1);
		}
	}

	@Test
	void aReminderScheduledForLaterWaitsPendingBesideItsInvoice() {
		try (ConfigurableApplicationContext context = start()) {
			Invoice invoice = context.getBean(Billing.class)
				.issue("grace@example.com", 990, Instant.now().plus(Duration.ofDays(14)));

			assertThat(count(context, "SELECT COUNT(*) FROM invoice WHERE id = " + invoice.getId())).isEqualTo(1);
			assertThat(count(context, "SELECT COUNT(*) FROM scheduled_payment_reminder WHERE status = 'PENDING' "
					+ "AND invoice_id = " + invoice.getId())).isEqualTo(1);
			assertThat(context.getBean(ReminderMails.class).remindedInvoices()).isEmpty();
		}
	}

	private ConfigurableApplicationContext start() {
		return new SpringApplicationBuilder(BillingApplication.class).web(WebApplicationType.NONE)
			.run("--spring.datasource.url=" + this.url, "--awty.poller.poll-interval=100ms",
					"--spring.main.banner-mode=off");
	}

	private static long count(ConfigurableApplicationContext context, String sql) {
		return context.getBean(JdbcClient.class).sql(sql).query(Long.class).single();
	}

}
