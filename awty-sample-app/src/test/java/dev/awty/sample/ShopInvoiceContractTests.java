package dev.awty.sample;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The invoice domain, written with Spring Data JPA (sequence ids, entity repositories): a reminder scheduled
 * in the transaction of the invoice's {@code save}, cancelled by invoice and postponed by customer through the
 * repository's {@code ScheduledEvents} fragment, delivered once to a consumer that reads the lazy invoice;
 * run on every database.
 */
@OnEveryDatabase
class ShopInvoiceContractTests {

	/** The shop on the database of the current run, started once for all of that run's tests. */
	private static ShopInstance shop;

	/** The database of the current run: declared, so that the run's arguments reach {@link #start}. */
	@Parameter
	Supplier<TestDatabase> databases;

	@BeforeParameterizedClassInvocation
	static void start(Supplier<TestDatabase> databases) {
		shop = ShopInstance.start(databases.get());
	}

	@AfterParameterizedClassInvocation
	static void stop() {
		shop.close();
	}

	@Test
	void reminderScheduledBesideTheInvoicesSaveIsSentOnceAtItsTimeToAConsumerReadingTheLazyInvoice() {
		Instant remindAt = Instant.now().plusMillis(800).truncatedTo(ChronoUnit.MILLIS);
		long invoice = issue("ada@example.com", 1999, remindAt);
		assertThat(shop.getList("/invoices/" + invoice + "/reminders")).singleElement()
			.satisfies((reminder) -> assertThat(reminder).containsEntry("version", 1)
				.containsEntry("remindAt", remindAt.toString()));

		await().atMost(Duration.ofSeconds(20)).until(() -> sentFor(invoice).size() == 1);
		await().during(Duration.ofMillis(600)).atMost(Duration.ofSeconds(3)).until(() -> sentFor(invoice).size() == 1);
		Map<String, Object> sent = sentFor(invoice).get(0);
		assertThat(sent).containsEntry("customerEmail", "ada@example.com").containsEntry("amountCents", 1999);
		assertThat(Instant.parse((String) sent.get("sentAt"))).isAfterOrEqualTo(remindAt);
		assertThat(shop.getList("/invoices/" + invoice + "/reminders")).singleElement()
			.satisfies((reminder) -> assertThat(reminder).containsEntry("status", "DELIVERED"));
	}

	@Test
	void payingCancelsTheInvoicesReminderThroughTheRepositoryFragment() {
		long invoice = issue("grace@example.com", 500, Instant.now().plus(Duration.ofHours(1)));

		ResponseEntity<Map<String, Object>> paid = shop.post("/invoices/" + invoice + "/pay", "{}");

		assertThat(paid.getStatusCode()).isEqualTo(HttpStatus.OK);
		assertThat(paid.getBody()).containsEntry("cancelledReminders", 1).containsEntry("inFlight", 0);
		assertThat(shop.getList("/invoices/" + invoice + "/reminders")).singleElement()
			.satisfies((reminder) -> assertThat(reminder).containsEntry("status", "CANCELLED"));
	}

	@Test
	void postponingMovesEveryPendingReminderOfTheCustomerByAJoinThroughTheInvoice() {
		Instant soon = Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.MILLIS);
		issue("alan@example.com", 100, soon);
		issue("alan@example.com", 200, soon);
		long other = issue("edsger@example.com", 300, soon);
		Instant until = soon.plus(Duration.ofDays(14));

		ResponseEntity<Map<String, Object>> postponed = shop.post("/invoices/postpone",
				"{\"customerEmail\":\"alan@example.com\",\"until\":\"" + until + "\"}");

		assertThat(postponed.getBody()).containsEntry("moved", 2).containsEntry("inFlight", 0);
		assertThat(shop.getList("/invoices/reminders?customerEmail=alan@example.com")).hasSize(2)
			.allSatisfy((reminder) -> {
				assertThat(Instant.parse((String) reminder.get("remindAt"))).isEqualTo(until);
				assertThat(reminder).containsEntry("version", 2);
			});
		assertThat(shop.getList("/invoices/" + other + "/reminders")).singleElement()
			.satisfies((reminder) -> assertThat(Instant.parse((String) reminder.get("remindAt"))).isEqualTo(soon));
	}

	private long issue(String email, long amountCents, Instant remindAt) {
		ResponseEntity<Map<String, Object>> created = shop.post("/invoices", "{\"customerEmail\":\"" + email
				+ "\",\"amountCents\":" + amountCents + ",\"remindAt\":\"" + remindAt + "\"}");
		assertThat(created.getStatusCode()).isEqualTo(HttpStatus.CREATED);
		return ((Number) created.getBody().get("id")).longValue();
	}

	private List<Map<String, Object>> sentFor(long invoice) {
		return shop.getList("/invoices/reminders/sent").stream()
			.filter((sent) -> ((Number) sent.get("invoiceId")).longValue() == invoice)
			.toList();
	}

}
