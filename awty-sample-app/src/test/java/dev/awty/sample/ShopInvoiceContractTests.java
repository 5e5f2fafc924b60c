package dev.awty.sample;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import dev.awty.testing.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The invoice domain, written with Spring Data JPA (sequence ids, entity repositories): a reminder scheduled
 * in the transaction of the invoice's {@code save}, cancelled by invoice and postponed by customer through the
 * repository's {@code ScheduledEvents} fragment, delivered once to a consumer that reads the lazy invoice;
 * run on every database.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ShopInvoiceContractTests {

	private final Supplier<TestDatabase> databases;

	private ShopInstance shop;

	ShopInvoiceContractTests(Supplier<TestDatabase> databases) {
		this.databases = databases;
	}

	@BeforeAll
	void start() {
		this.shop = ShopInstance.start(this.databases.get());
	}

	@AfterAll
	void stop() {
		this.shop.close();
	}

	@Test
	void reminderScheduledBesideTheInvoicesSaveIsSentOnceAtItsTimeToAConsumerReadingTheLazyInvoice() {
		Instant remindAt = Instant.now().plusMillis(800).truncatedTo(ChronoUnit.MILLIS);
		long invoice = issue("ada@example.com", 1999, remindAt);
		assertThat(this.shop.getList("/invoices/" + invoice + "/reminders")).singleElement()
			.satisfies((reminder) -> assertThat(reminder).containsEntry("version", 1)
				.containsEntry("remindAt", remindAt.toString()));

		await().atMost(Duration.ofSeconds(20)).until(() -> sentFor(invoice).size() == 1);
		await().during(Duration.ofMillis(600)).atMost(Duration.ofSeconds(3)).until(() -> sentFor(invoice).size() == 1);
		Map<String, Object> sent = sentFor(invoice).get(0);
		assertThat(sent).containsEntry("customerEmail", "ada@example.com").containsEntry("amountCents", 1999);
		assertThat(Instant.parse((String) sent.get("sentAt"))).isAfterOrEqualTo(remindAt);
		assertThat(this.shop.getList("/invoices/" + invoice + "/reminders")).singleElement()
			.satisfies((reminder) -> assertThat(reminder).containsEntry("status", "DELIVERED"));
	}

	@Test
	void payingCancelsTheInvoicesReminderThroughTheRepositoryFragment() {
		long invoice = issue("grace@example.com", 500, Instant.now().plus(Duration.ofHours(1)));

		ResponseEntity<Map<String, Object>> paid = this.shop.post("/invoices/" + invoice + "/pay", "{}");

		assertThat(paid.getStatusCode()).isEqualTo(HttpStatus.OK);
		assertThat(paid.getBody()).containsEntry("cancelledReminders", 1).containsEntry("inFlight", 0);
		assertThat(this.shop.getList("/invoices/" + invoice + "/reminders")).singleElement()
			.satisfies((reminder) -> assertThat(reminder).containsEntry("status", "CANCELLED"));
	}

	@Test
	void postponingMovesEveryPendingReminderOfTheCustomerByAJoinThroughTheInvoice() {
		Instant soon = Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.MILLIS);
		issue("alan@example.com", 100, soon);
		issue("alan@example.com", 200, soon);
		long other = issue("edsger@example.com", 300, soon);
		Instant until = soon.plus(Duration.ofDays(14));

		ResponseEntity<Map<String, Object>> postponed = this.shop.post("/invoices/postpone",
				"{\"customerEmail\":\"alan@example.com\",\"until\":\"" + until + "\"}");

		assertThat(postponed.getBody()).containsEntry("moved", 2).containsEntry("inFlight", 0);
		assertThat(this.shop.getList("/invoices/reminders?customerEmail=alan@example.com")).hasSize(2)
			.allSatisfy((reminder) -> {
				assertThat(Instant.parse((String) reminder.get("remindAt"))).isEqualTo(until);
				assertThat(reminder).containsEntry("version", 2);
			});
		assertThat(this.shop.getList("/invoices/" + other + "/reminders")).singleElement()
			.satisfies((reminder) -> assertThat(Instant.parse((String) reminder.get("remindAt"))).isEqualTo(soon));
	}

	private long issue(String email, long amountCents, Instant remindAt) {
		ResponseEntity<Map<String, Object>> created = this.shop.post("/invoices", "{\"customerEmail\":\"" + email
				+ "\",\"amountCents\":" + amountCents + ",\"remindAt\":\"" + remindAt + "\"}");
		assertThat(created.getStatusCode()).isEqualTo(HttpStatus.CREATED);
		return ((Number) created.getBody().get("id")).longValue();
	}

	private List<Map<String, Object>> sentFor(long invoice) {
		return this.shop.getList("/invoices/reminders/sent").stream()
			.filter((sent) -> ((Number) sent.get("invoiceId")).longValue() == invoice)
			.toList();
	}

}
