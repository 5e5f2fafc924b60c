package dev.awty.jpa;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.authentication.TestingAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

import dev.awty.EventScheduler;
import dev.awty.EventStatus;
import dev.awty.audit.AuditEntry;
import dev.awty.audit.OperatorAction;
import dev.awty.audit.OperatorAudit;
import dev.awty.handler.EventHandler;
import dev.awty.handler.HandlerContext;
import dev.awty.handler.HandlerOutcome;
import dev.awty.history.DeliveryHistory;
import dev.awty.history.DeliveryOutcome;
import dev.awty.jpa.shop.Billing;
import dev.awty.jpa.shop.Customer;
import dev.awty.jpa.shop.CustomerCalls;
import dev.awty.jpa.shop.Customers;
import dev.awty.jpa.shop.Invoice;
import dev.awty.jpa.shop.Invoices;
import dev.awty.jpa.shop.Reminders;
import dev.awty.jpa.shop.ScheduledCustomerCall;
import dev.awty.jpa.shop.ScheduledInvoiceReminder;
import dev.awty.repository.ChangeResult;
import dev.awty.repository.EventRepositories;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

/**
 * awty in a Spring Data JPA service: scheduling beside {@code save} with no flush, event types that are JPA
 * entities read through repositories, and writes through the {@code ScheduledEvents} fragment.
 */
@OnEveryDatabase
class JpaContractTests extends DatabaseContractTests {

	private static final Duration LATER = Duration.ofHours(1);

	private static final String THROUGH_REMINDERS = "JPA specification through " + Reminders.class.getName();

	JpaContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@Test
	void schedulesAReminderInTheTransactionThatSavedItsInvoiceWithASequenceIdWithoutAFlush() {
		JpaContexts.billing(this.database, new ReceivedEvents()).run((context) -> {
			Invoice invoice = context.getBean(Billing.class).invoiceWithReminder("ada", 100, Instant.now().plus(LATER));
			assertThat(reminderInvoiceIds(this.jdbc)).containsExactly(invoice.getId());
		});
	}

	@Test
	void schedulesAfterSaveOfAnEntityWithAnIdentityIdAndReadsItByADerivedQuery() {
		JpaContexts.billing(this.database, new ReceivedEvents()).run((context) -> {
			Customer customer = context.getBean(Billing.class).customerWithCall("grace", Instant.now().plus(LATER));
			assertThat(context.getBean(CustomerCalls.class).findByCustomerId(customer.getId()))
				.singleElement()
				.satisfies((call) -> {
					assertThat(call.getStatus()).isEqualTo(EventStatus.PENDING);
					assertThat(call.getVersion()).isEqualTo(1);
				});
		});
	}

	@Test
	void schedulesAllAfterSaveAll() {
		JpaContexts.billing(this.database, new ReceivedEvents()).run((context) -> {
			List<Invoice> invoices = context.getBean(Billing.class).invoicesWithReminders("alan", 3, Instant.now().plus(LATER));
			assertThat(reminderInvoiceIds(this.jdbc))
				.containsExactlyInAnyOrderElementsOf(invoices.stream().map(Invoice::getId).toList());
		});
	}

	@Test
	void schedulesInANestedTransactionalMethodWhatTheOuterOneSaved() {
		JpaContexts.billing(this.database, new ReceivedEvents()).run((context) -> {
			Invoice invoice = context.getBean(Billing.class).invoiceThenReminderInNestedTransaction("edsger",
					Instant.now().plus(LATER));
			assertThat(reminderInvoiceIds(this.jdbc)).containsExactly(invoice.getId());
		});
	}

	@Test
	void schedulesInARequiresNewTransactionWhatItSavedBesideAnOuterTransaction() {
		JpaContexts.billing(this.database, new ReceivedEvents()).run((context) -> {
			Invoice invoice = context.getBean(Billing.class).invoiceInRequiresNewBesideAnOuterOne("barbara",
					Instant.now().plus(LATER));
			assertThat(reminderInvoiceIds(this.jdbc)).containsExactly(invoice.getId());
			assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM invoice", Integer.class)).isEqualTo(2);
		});
	}

	@Test
	void selectionJoinsSeeAnUnflushedChangeOfTheCallersTransaction() {
		JpaContexts.billing(this.database, new ReceivedEvents()).run((context) -> {
			Customer ken = context.getBean(Customers.class).save(new Customer("ken"));
			Invoice invoice = context.getBean(Invoices.class).saveAndFlush(new Invoice(ken, 5));
			context.getBean(EventScheduler.class).schedule(new ScheduledInvoiceReminder(invoice), Instant.now().plus(LATER));
			Customer other = context.getBean(Customers.class).save(new Customer("dennis"));
			long moved = transaction(context).execute((status) -> {
				Invoice managed = context.getBean(Invoices.class).findById(invoice.getId()).orElseThrow();
				managed.setCustomer(other);
				return context.getBean(EventRepositories.class).select(ScheduledInvoiceReminder.class)
					.join("invoice", "i", "i.id = e.invoice_id")
					.where("i.customer_id = :customer").param("customer", other.getId())
					.count();
			});
			assertThat(moved).isEqualTo(1);
		});
	}

	@Test
	void deliversAJpaMappedReminderToAConsumerThatReadsLazyAssociations() {
		Queue<String> customerNames = new ConcurrentLinkedQueue<>();
		ReceivedEvents received = new ReceivedEvents().each((message) -> {
			ScheduledInvoiceReminder reminder = (ScheduledInvoiceReminder) message.getPayload();
			customerNames.add(reminder.getInvoice().getCustomer().getName() + ":" + reminder.getInvoice().getAmount());
		});
		JpaContexts.billing(this.database, received).withPropertyValues("awty.poller.poll-interval=100ms").run((context) -> {
			context.getBean(Billing.class).invoiceWithReminder("niklaus", 42, Instant.now());
			await().atMost(Duration.ofSeconds(20)).until(() -> received.count() == 1);
			assertThat(customerNames).containsExactly("niklaus:42");
			assertThat(received.calls()).isEqualTo(1);
		});
	}

	@Test
	void deliversAReminderSavedThroughTheRepositoryWokenAfterCommit() {
		ReceivedEvents received = new ReceivedEvents();
		JpaContexts.billing(this.database, received).withPropertyValues("awty.poller.poll-interval=1h", "awty.claim.lease=2h").run((context) -> {
			Invoice invoice = context.getBean(Billing.class).invoiceWithReminder("john", 7, Instant.now().plus(LATER));
			ScheduledInvoiceReminder saved = transaction(context).execute((status) -> context.getBean(Reminders.class)
				.save(new ScheduledInvoiceReminder(invoice, Instant.now().plusMillis(300))));
			assertThat(saved.getId()).isNotNull();
			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 1);
			assertThat(received.all().get(0).eventId()).isEqualTo("invoice_reminder/" + saved.getId() + "/1");
		});
	}

	@Test
	void savingManyRowsInOneTransactionRegistersOneWakeUpAfterCommitAndDeliversEach() {
		ReceivedEvents received = new ReceivedEvents();
		JpaContexts.billing(this.database, received).withPropertyValues("awty.poller.poll-interval=100ms").run((context) -> {
			Invoice invoice = context.getBean(Billing.class).invoiceWithReminder("alan", 1, Instant.now().plus(LATER));
			Reminders reminders = context.getBean(Reminders.class);
			Instant now = Instant.now();
			int registered = transaction(context).execute((status) -> {
				int before = TransactionSynchronizationManager.getSynchronizations().size();
				reminders.saveAll(remindersDueFrom(invoice, now, 20));
				reminders.flush();
				return TransactionSynchronizationManager.getSynchronizations().size() - before;
			});
			assertThat(registered).as("transaction synchronizations registered by saving 20 rows").isEqualTo(1);
			await().atMost(Duration.ofSeconds(20)).until(() -> received.count() == 20);
		});
	}

	@Test
	void savingManyRowsInOneTransactionSendsOneNotificationToOtherInstances() throws Exception {
		Assumptions.assumeTrue(this.database.url().startsWith("jdbc:postgresql:"), "only PostgreSQL notifies other instances");
		JpaContexts.billing(this.database, new ReceivedEvents()).withPropertyValues("awty.poller.poll-interval=1h").run((context) -> {
			Invoice invoice = context.getBean(Billing.class).invoiceWithReminder("alan", 1, Instant.now().plus(LATER));
			Reminders reminders = context.getBean(Reminders.class);
			try (Connection listening = this.database.simpleDataSource().getConnection()) {
				try (Statement listen = listening.createStatement()) {
					listen.execute("LISTEN awty_due");
				}
				// Due in ascending order, each a distinct notification payload, so that PostgreSQL's own folding of
				// identical notifications in a transaction does not hide one per row.
				List<ScheduledInvoiceReminder> saved = remindersDueFrom(invoice, Instant.now(), 20);
				transaction(context).executeWithoutResult((status) -> {
					reminders.saveAll(saved);
					reminders.flush();
				});
				// The channel is the database's, and other test JVMs save rows of the same type on it at the same
				// time: only a payload naming one of these rows' due times is this transaction's.
				Set<String> ours = saved.stream()
					.map((reminder) -> "invoice_reminder|" + Objects.requireNonNull(reminder.getDueAt()).toEpochMilli())
					.collect(Collectors.toSet());
				List<String> notified = new ArrayList<>();
				long until = System.nanoTime() + Duration.ofSeconds(2).toNanos();
				while (System.nanoTime() < until) {
					PGNotification[] notifications = listening.unwrap(PGConnection.class).getNotifications(200);
					for (PGNotification notification : (notifications != null) ? notifications : new PGNotification[0]) {
						if (ours.contains(notification.getParameter())) {
							notified.add(notification.getParameter());
						}
					}
				}
				assertThat(notified).as("notifications for a transaction saving 20 rows").hasSize(1);
			}
		});
	}

	private static List<ScheduledInvoiceReminder> remindersDueFrom(Invoice invoice, Instant first, int count) {
		Instant from = first.truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
		List<ScheduledInvoiceReminder> due = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			due.add(new ScheduledInvoiceReminder(invoice, from.plusMillis(i)));
		}
		return due;
	}

	@Test
	void reschedulesTheRowsOfACustomerByASpecificationJoinInOneWriteLeavingRowsInFlightAlone() {
		JpaContexts.billing(this.database, new ReceivedEvents()).run((context) -> {
			Billing billing = context.getBean(Billing.class);
			List<Invoice> ofAda = billing.invoicesWithReminders("ada", 3, Instant.now().plus(LATER));
			billing.invoicesWithReminders("bob", 2, Instant.now().plus(LATER));
			long claimed = reminderOf(this.jdbc, ofAda.get(0).getId());
			this.jdbc.update("UPDATE scheduled_invoice_reminder SET claimed_by = 'x', claimed_until = "
					+ "? WHERE id = ?", this.database.timestamp(Instant.now().plus(Duration.ofMinutes(5))), claimed);
			Instant newTime = Instant.now().plus(Duration.ofDays(2)).truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
			long customerId = customerOf(this.jdbc, ofAda.get(0).getId());
			ChangeResult result = context.getBean(Reminders.class).rescheduleTo(Reminders.ofCustomer(customerId), newTime);
			assertThat(result).isEqualTo(new ChangeResult(2, 1));
			assertThat(this.jdbc.queryForList("SELECT version FROM scheduled_invoice_reminder ORDER BY id", Integer.class))
				.containsExactly(1, 2, 2, 1, 1);
			assertThat(this.jdbc.query("SELECT due_at FROM scheduled_invoice_reminder WHERE version = 2",
					(rs, row) -> this.database.instant(rs, 1))).containsOnly(newTime);
		});
	}

	@Test
	void cancelsByInvoiceRetriesFailedAndDeliversNowThroughTheFragment() {
		ReceivedEvents received = new ReceivedEvents();
		JpaContexts.billing(this.database, received).withPropertyValues("awty.poller.poll-interval=100ms").run((context) -> {
			Billing billing = context.getBean(Billing.class);
			List<Invoice> invoices = billing.invoicesWithReminders("ada", 3, Instant.now().plus(LATER));
			Reminders reminders = context.getBean(Reminders.class);
			assertThat(reminders.cancel(Reminders.ofInvoice(invoices.get(0).getId()))).isEqualTo(new ChangeResult(1, 0));
			assertThat(reminders.cancel(Reminders.ofInvoice(invoices.get(0).getId()))).isEqualTo(new ChangeResult(0, 0));
			this.jdbc.update("UPDATE scheduled_invoice_reminder SET status = 'FAILED', attempts = 5 WHERE invoice_id = ?",
					invoices.get(1).getId());
			assertThat(reminders.retry(Reminders.ofInvoice(invoices.get(1).getId()))).isEqualTo(new ChangeResult(1, 0));
			assertThat(reminders.deliverNow(Reminders.ofInvoice(invoices.get(2).getId()))).isEqualTo(new ChangeResult(1, 0));
			await().atMost(Duration.ofSeconds(20)).until(() -> received.count() == 2);
			// Received before marked: the mark follows the publish.
			await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(this.jdbc
				.queryForList("SELECT status FROM scheduled_invoice_reminder ORDER BY id", String.class))
				.containsExactly("CANCELLED", "DELIVERED", "DELIVERED"));
		});
	}

	@Test
	void aCancelThroughTheFragmentRecordsEachRowItCancelledInTheHistoryInItsTransactionOnly() {
		JpaContexts.billing(this.database, new ReceivedEvents()).run((context) -> {
			List<Invoice> invoices = context.getBean(Billing.class)
				.invoicesWithReminders("lin", 3, Instant.now().plus(LATER));
			Reminders reminders = context.getBean(Reminders.class);
			TransactionTemplate transaction = new TransactionTemplate(context.getBean(PlatformTransactionManager.class));
			assertThatIllegalStateException().isThrownBy(() -> transaction.executeWithoutResult((status) -> {
				reminders.cancel(Reminders.ofInvoice(invoices.get(1).getId()));
				throw new IllegalStateException("the service's transaction fails after the cancel");
			}));

			assertThat(reminders.cancel(Reminders.ofInvoice(invoices.get(0).getId()))).isEqualTo(new ChangeResult(1, 0));

			DeliveryHistory history = context.getBean(DeliveryHistory.class);
			assertThat(history.ofRow("invoice_reminder", reminderOf(this.database, invoices.get(0)))).singleElement()
				.satisfies((entry) -> {
					assertThat(entry.outcome()).isEqualTo(DeliveryOutcome.CANCELLED);
					assertThat(entry.eventId()).startsWith("invoice_reminder/" + reminderOf(this.database, invoices.get(0)) + "/");
				});
			assertThat(history.ofRow("invoice_reminder", reminderOf(this.database, invoices.get(1))))
				.as("the cancel rolled back with its transaction, and so did its entry")
				.isEmpty();
			assertThat(history.ofRow("invoice_reminder", reminderOf(this.database, invoices.get(2)))).isEmpty();
			assertThat(this.jdbc
				.queryForList("SELECT status FROM scheduled_invoice_reminder ORDER BY invoice_id", String.class))
				.containsExactly("CANCELLED", "PENDING", "PENDING");
		});
	}

	private static long reminderOf(TestDatabase database, Invoice invoice) {
		return database.jdbc()
			.queryForObject("SELECT id FROM scheduled_invoice_reminder WHERE invoice_id = ?", Long.class, invoice.getId());
	}

	@Test
	void eachCancelRetryAndDeliverNowThroughTheFragmentLeavesOneAuditEntryNamingThePrincipal() {
		JpaContexts.billing(this.database, new ReceivedEvents()).run((context) -> {
			List<Invoice> invoices = context.getBean(Billing.class)
				.invoicesWithReminders("grace", 2, Instant.now().plus(LATER));
			Reminders reminders = context.getBean(Reminders.class);
			this.jdbc.update("UPDATE scheduled_invoice_reminder SET status = 'FAILED' WHERE invoice_id = ?",
					invoices.get(1).getId());
			SecurityContextHolder.getContext()
				.setAuthentication(new TestingAuthenticationToken("grace", "secret", "ROLE_AWTY_OPERATOR"));
			try {
				reminders.deliverNow(Reminders.ofInvoice(-1));
				reminders.retry(Reminders.ofInvoice(invoices.get(1).getId()));
				reminders.cancel(Reminders.ofInvoice(invoices.get(0).getId()));
			}
			finally {
				SecurityContextHolder.clearContext();
			}

			assertThat(context.getBean(OperatorAudit.class).newest(10))
				.extracting(AuditEntry::principal, AuditEntry::action, AuditEntry::target, AuditEntry::rows,
						AuditEntry::detail)
				.containsExactly(
						tuple("grace", OperatorAction.CANCEL, "invoice_reminder", 1L, THROUGH_REMINDERS),
						tuple("grace", OperatorAction.RETRY, "invoice_reminder", 1L, THROUGH_REMINDERS),
						tuple("grace", OperatorAction.DELIVER_NOW, "invoice_reminder", 0L, THROUGH_REMINDERS));
		});
	}

	@Test
	void cancellingThroughTheFragmentARowWhoseHandlerRunsInterruptsItAndTheRowIsNotHandledAgain() {
		StuckCalls stuck = new StuckCalls();
		ApplicationContextRunner billing = JpaContexts.billing(this.database, new ReceivedEvents());
		this.database.execute("ALTER TABLE scheduled_customer_call ADD first_check_at TIMESTAMP WITH TIME ZONE");
		this.database.execute("ALTER TABLE scheduled_customer_call ADD check_count INT NOT NULL DEFAULT 0");
		billing.withBean(StuckCalls.class, () -> stuck)
			.withPropertyValues("awty.poller.poll-interval=100ms", "awty.claim.lease=3s",
					"awty.types.customer_call.handler-timeout=60s")
			.run((context) -> {
				Customer customer = context.getBean(Billing.class).customerWithCall("barbara", Instant.now());
				assertThat(stuck.started.await(10, TimeUnit.SECONDS)).as("the handler started").isTrue();

				ChangeResult cancelled = context.getBean(CustomerCalls.class)
					.cancel(CustomerCalls.ofCustomer(customer.getId()));

				assertThat(cancelled).isEqualTo(new ChangeResult(1, 0));
				await().atMost(Duration.ofSeconds(5)).untilTrue(stuck.interrupted);
				// Past the lease the row would be claimable again, were it not cancelled.
				Thread.sleep(4_000);
				assertThat(stuck.calls).as("handled once, never again").hasValue(1);
				assertThat(this.jdbc.queryForObject("SELECT status FROM scheduled_customer_call", String.class))
					.isEqualTo("CANCELLED");
				assertThat(context.getBean(OperatorAudit.class).newest(1)).singleElement()
					.satisfies((entry) -> assertThat(entry.action()).isEqualTo(OperatorAction.CANCEL));
			});
	}

	@Test
	void aBulkWriteThroughTheFragmentLeavesNoStaleEntityInThePersistenceContext() {
		JpaContexts.billing(this.database, new ReceivedEvents()).run((context) -> {
			Invoice invoice = context.getBean(Billing.class).invoiceWithReminder("tony", 3, Instant.now().plus(LATER));
			Reminders reminders = context.getBean(Reminders.class);
			Instant newTime = Instant.now().plus(Duration.ofDays(3)).truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
			transaction(context).executeWithoutResult((status) -> {
				ScheduledInvoiceReminder held = reminders.findAll().get(0);
				assertThat(held.getVersion()).isEqualTo(1);
				reminders.rescheduleTo(Reminders.ofInvoice(invoice.getId()), newTime);
				ScheduledInvoiceReminder again = reminders.findById(held.getId()).orElseThrow();
				assertThat(again.getVersion()).isEqualTo(2);
				assertThat(again.getDueAt()).isEqualTo(newTime);
				assertThat(held.getVersion()).as("the instance the caller holds is refreshed too").isEqualTo(2);
				assertThat(reminders.findByInvoiceCustomerAndStatus(invoice.getCustomer(), EventStatus.PENDING))
					.singleElement().satisfies((found) -> assertThat(found.getDueAt()).isEqualTo(newTime));
			});
		});
	}

	/** A handler whose call blocks on a remote call that ends only by an interrupt. */
	static final class StuckCalls implements EventHandler<ScheduledCustomerCall> {

		final CountDownLatch started = new CountDownLatch(1);

		final AtomicBoolean interrupted = new AtomicBoolean();

		final AtomicInteger calls = new AtomicInteger();

		@Override
		public HandlerOutcome handle(ScheduledCustomerCall call, HandlerContext context) {
			this.calls.incrementAndGet();
			this.started.countDown();
			try {
				new CountDownLatch(1).await(1, TimeUnit.MINUTES);
			}
			catch (InterruptedException ex) {
				this.interrupted.set(true);
			}
			return HandlerOutcome.publishAndFinish();
		}

	}

	private static TransactionTemplate transaction(AssertableApplicationContext context) {
		return new TransactionTemplate(context.getBean(PlatformTransactionManager.class));
	}

	private static List<Long> reminderInvoiceIds(JdbcTemplate jdbc) {
		return jdbc.queryForList("SELECT invoice_id FROM scheduled_invoice_reminder", Long.class);
	}

	private static long reminderOf(JdbcTemplate jdbc, long invoiceId) {
		return jdbc.queryForObject("SELECT id FROM scheduled_invoice_reminder WHERE invoice_id = ?", Long.class, invoiceId);
	}

	private static long customerOf(JdbcTemplate jdbc, long invoiceId) {
		return jdbc.queryForObject("SELECT customer_id FROM invoice WHERE id = ?", Long.class, invoiceId);
	}

}
