package dev.awty.jpa.shop;

import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import dev.awty.EventScheduler;

/**
 * A service written the way most are: {@code save} through Spring Data JPA, then schedule, with no flush.
 */
public class Billing {

	private final Customers customers;

	private final Invoices invoices;

	private final EventScheduler scheduler;

	/** This bean through its transactional proxy, for the nested and the new transaction. */
	private final Supplier<Billing> selfSupplier;

	public Billing(Customers customers, Invoices invoices, EventScheduler scheduler, Supplier<Billing> self) {
		this.customers = customers;
		this.invoices = invoices;
		this.scheduler = scheduler;
		this.selfSupplier = self;
	}

	@Transactional
	public Invoice invoiceWithReminder(String customerName, long amount, Instant remindAt) {
		Customer customer = this.customers.save(new Customer(customerName));
		Invoice invoice = this.invoices.save(new Invoice(customer, amount));
		this.scheduler.schedule(new ScheduledInvoiceReminder(invoice), remindAt);
		return invoice;
	}

	@Transactional
	public Customer customerWithCall(String customerName, Instant callAt) {
		Customer customer = this.customers.save(new Customer(customerName));
		this.scheduler.schedule(new ScheduledCustomerCall(customer.getId()), callAt);
		return customer;
	}

	@Transactional
	public List<Invoice> invoicesWithReminders(String customerName, int count, Instant remindAt) {
		Customer customer = this.customers.save(new Customer(customerName));
		List<Invoice> saved = this.invoices.saveAll(
				java.util.stream.IntStream.range(0, count).mapToObj((i) -> new Invoice(customer, 10 + i)).toList());
		this.scheduler.scheduleAll(saved.stream().map(ScheduledInvoiceReminder::new).toList(), remindAt);
		return saved;
	}

	/**
	 * The outer transactional method saves; a nested one, joining its transaction, schedules. (Savepoints,
	 * {@code Propagation.NESTED}, are refused by Spring's {@code HibernateJpaDialect}.)
	 */
	@Transactional
	public Invoice invoiceThenReminderInNestedTransaction(String customerName, Instant remindAt) {
		Customer customer = this.customers.save(new Customer(customerName));
		Invoice invoice = this.invoices.save(new Invoice(customer, 1));
		this.selfSupplier.get().remindNested(invoice, remindAt);
		return invoice;
	}

	@Transactional
	public void remindNested(Invoice invoice, Instant remindAt) {
		this.scheduler.schedule(new ScheduledInvoiceReminder(invoice), remindAt);
	}

	/** The outer transaction has its own unflushed invoice; a new transaction saves and schedules another. */
	@Transactional
	public Invoice invoiceInRequiresNewBesideAnOuterOne(String customerName, Instant remindAt) {
		Customer customer = this.customers.save(new Customer(customerName));
		this.invoices.save(new Invoice(customer, 1));
		return this.selfSupplier.get().invoiceWithReminderInNewTransaction(customerName + " too", remindAt);
	}

	@Transactional(propagation = Propagation.REQUIRES_NEW)
	public Invoice invoiceWithReminderInNewTransaction(String customerName, Instant remindAt) {
		Customer customer = this.customers.save(new Customer(customerName));
		Invoice invoice = this.invoices.save(new Invoice(customer, 2));
		this.scheduler.schedule(new ScheduledInvoiceReminder(invoice), remindAt);
		return invoice;
	}

}
