package dev.awty.internal.jpa.calls;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "customer")
public class Customer {

	@Id
	private Long id;

	private String name;

	protected Customer() {
	}

	public String getName() {
		return this.name;
	}

}
