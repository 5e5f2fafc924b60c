package dev.awty.sample.invoice;

import java.time.Instant;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;

/**
 * An invoice, persisted the way most services do: a Spring Data JPA entity whose id comes from a sequence,
 * so a saved invoice reaches the database only when JPA flushes.
 */
@Entity
public class Invoice {

	@Id
	@GeneratedValue(strategy = GenerationType.SEQUENCE)
	private Long id;

	private String customerEmail;

	private long amountCents;

	private Instant issuedAt;

	private Instant paidAt;

	protected Invoice() {
	}

	Invoice(String customerEmail, long amountCents, Instant issuedAt) {
		this.customerEmail = customerEmail;
		this.amountCents = amountCents;
		this.issuedAt = issuedAt;
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

	public Instant getIssuedAt() {
		return this.issuedAt;
	}

	public Instant getPaidAt() {
		return this.paidAt;
	}

	void paid(Instant at) {
		this.paidAt = at;
	}

}
