package dev.awty.example.flyway;

import java.time.Duration;
import java.time.Instant;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import dev.awty.EventScheduler;

/**
 * Places and ships orders with plain JDBC; placing one schedules its check in the same transaction.
 */
@Service
public class Orders {

	private final JdbcClient jdbc;

	private final EventScheduler scheduler;

	private final Duration alertAfter;

	Orders(JdbcClient jdbc, EventScheduler scheduler, @Value("${orders.alert-after:3h}") Duration alertAfter) {
		this.jdbc = jdbc;
		this.scheduler = scheduler;
		this.alertAfter = alertAfter;
	}

	// tag::place[]
	@Transactional
	public long place(String customer) {
		if (customer == null || customer.isBlank()) {
			throw new IllegalArgumentException("customer must not be blank: name who placed the order");
		}
		KeyHolder key = new GeneratedKeyHolder();
		this.jdbc.sql("INSERT INTO shop_order (customer) VALUES (?)").param(customer).update(key, "id");
		long orderId = key.getKeyAs(Long.class);
		this.scheduler.schedule(new UnshippedOrderCheck(orderId), Instant.now().plus(this.alertAfter));
		return orderId;
	}
	// end::place[]

	public void ship(long orderId) {
		this.jdbc.sql("UPDATE shop_order SET shipped = TRUE WHERE id = ?").param(orderId).update();
	}

	boolean isShipped(long orderId) {
		return this.jdbc.sql("SELECT shipped FROM shop_order WHERE id = ?").param(orderId).query(Boolean.class).single();
	}

}
