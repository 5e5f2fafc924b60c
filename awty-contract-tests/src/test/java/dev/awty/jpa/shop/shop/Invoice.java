package dev.awty.jpa.shop;

import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;

/** Ids from a sequence, Hibernate's default: a saved invoice reaches the database only when JPA flushes. */
@Entity
public class Invoice {

	@Id
	@GeneratedValue(strategy = GenerationType.SEQUENCE)
	private Long id;

	@ManyToOne(fetch = FetchType.LAZY, optional = false)
	private Customer customer;

	private long amount;

	protected Invoice() {
	}

	public Invoice(Customer customer, long amount) {
		this.customer = customer;
		this.amount = amount;
	}

	public Long getId() {
		return this.id;
	}

	public Customer getCustomer() {
		return this.customer;
	}

	public void setCustomer(Customer customer) {
		this.customer = customer;
	}

	public long getAmount() {
		return this.amount;
	}

}
