package dev.awty.sample.order;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import dev.awty.EventScheduler;
import dev.awty.sample.ShopProperties;
import dev.awty.sample.web.BadRequestException;

/**
 * Orders, each placed together with its first "shipped yet?" check in one transaction.
 */
@Service
class Orders {

	record Order(long id, String customerEmail, Instant placedAt, @Nullable Instant shippedAt) {
	}

	private final JdbcClient jdbc;

	private final EventScheduler scheduler;

	private final ShopProperties properties;

	Orders(JdbcClient jdbc, EventScheduler scheduler, ShopProperties properties) {
		if (properties.getUnshippedAfter().isNegative() || properties.getUnshippedAfter().isZero()
				|| properties.getEscalateAfter().compareTo(properties.getUnshippedAfter()) <= 0) {
			throw new IllegalStateException("shop.escalate-after (" + properties.getEscalateAfter()
					+ ") must be longer than shop.unshipped-after (" + properties.getUnshippedAfter()
					+ "), which must be positive");
		}
		this.jdbc = jdbc;
		this.scheduler = scheduler;
		this.properties = properties;
	}

	/** Places an order at the database's clock and schedules its first check at placed + shop.unshipped-after. */
	@Transactional
	public long place(String customerEmail) {
		GeneratedKeyHolder keys = new GeneratedKeyHolder();
		this.jdbc.sql("INSERT INTO orders (customer_email, placed_at) VALUES (:email, CURRENT_TIMESTAMP)")
			.param("email", customerEmail)
			.update(keys, "id");
		long id = keys.getKeyAs(Number.class).longValue();
		Order order = find(id).orElseThrow();
		this.scheduler.schedule(new ScheduledOrderCheck(id), order.placedAt().plus(this.properties.getUnshippedAfter()));
		return id;
	}

	/** Marks the order shipped, unless it already is; its check finishes silently when next due. */
	@Transactional
	public Order ship(long id) {
		this.jdbc.sql("UPDATE orders SET shipped_at = CURRENT_TIMESTAMP WHERE id = :id AND shipped_at IS NULL")
			.param("id", id)
			.update();
		return find(id).orElseThrow(() -> BadRequestException.notFound("id", "no order with id " + id));
	}

	public Optional<Order> find(long id) {
		return this.jdbc.sql("SELECT id, customer_email, placed_at, shipped_at FROM orders WHERE id = :id")
			.param("id", id)
			.query((rs, row) -> new Order(rs.getLong("id"), rs.getString("customer_email"),
					rs.getObject("placed_at", OffsetDateTime.class).toInstant(),
					instant(rs.getObject("shipped_at", OffsetDateTime.class))))
			.optional();
	}

	/** The order with the state of its check, for people who want to watch it. */
	public Optional<Map<String, Object>> describe(long id) {
		return find(id).map((order) -> {
			Map<String, Object> body = new LinkedHashMap<>();
			body.put("id", order.id());
			body.put("customerEmail", order.customerEmail());
			body.put("placedAt", order.placedAt());
			body.put("shippedAt", order.shippedAt());
			body.put("check", this.jdbc.sql("""
					SELECT status, due_at, check_count FROM scheduled_order_check WHERE order_id = :id ORDER BY id DESC
					""").param("id", id).query((rs, row) -> {
				Map<String, Object> check = new LinkedHashMap<>();
				check.put("status", rs.getString("status"));
				check.put("dueAt", rs.getObject("due_at", OffsetDateTime.class).toInstant());
				check.put("checkCount", rs.getInt("check_count"));
				return check;
			}).optional().orElse(null));
			return body;
		});
	}

	private static @Nullable Instant instant(@Nullable OffsetDateTime value) {
		return (value != null) ? value.toInstant() : null;
	}

}
