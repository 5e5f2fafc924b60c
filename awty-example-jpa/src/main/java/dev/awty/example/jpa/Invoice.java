package dev.awty.example.jpa;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;

/**
 * An invoice as most services map one: a plain {@code @GeneratedValue} id, which Hibernate takes from a sequence, so
 * {@code save} assigns the id at once and inserts the row only when the transaction flushes.
 */
@Entity
public class Invoice {

	@Id
	@GeneratedValue
	private Long id;

	private String customerEmail;

	private long amountCents;

	protected Invoice() {
	}

	public Invoice(String customerEmail, long amountCents) {
		this.customerEmail = customerEmail;
		this.amountCents = amountCents;
	}

	public Long getId() {
		return this.id;
	}

	public String getCustomerEmail() {
		return this.customerEmail;
	}

	public long getAmountCents() {
		return this.amountCents;
	}

}
