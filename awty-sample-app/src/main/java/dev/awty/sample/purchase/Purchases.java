package dev.awty.sample.purchase;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.stereotype.Repository;

import dev.awty.sample.web.BadRequestException;

/**
 * The purchase table.
 */
@Repository
public class Purchases {

	private final JdbcClient jdbc;

	Purchases(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	public long insert(long albumId, String customerEmail) {
		GeneratedKeyHolder keys = new GeneratedKeyHolder();
		this.jdbc.sql("INSERT INTO purchase (album_id, customer_email, status) VALUES (:albumId, :email, 'ACTIVE')")
			.param("albumId", albumId)
			.param("email", customerEmail)
			.update(keys, "id");
		return keys.getKeyAs(Number.class).longValue();
	}

	void markRefunded(long purchaseId) {
		int updated = this.jdbc.sql("UPDATE purchase SET status = 'REFUNDED' WHERE id = :id")
			.param("id", purchaseId)
			.update();
		if (updated == 0) {
			throw BadRequestException.notFound("id", "no purchase with id " + purchaseId);
		}
	}

	/** The purchase with its latest scheduled delivery, as the API shows it. */
	Optional<Map<String, Object>> find(long purchaseId) {
		return this.jdbc.sql("SELECT id, album_id, customer_email, status FROM purchase WHERE id = :id")
			.param("id", purchaseId)
			.query((rs, row) -> {
				Map<String, Object> purchase = new LinkedHashMap<>();
				purchase.put("id", rs.getLong("id"));
				purchase.put("albumId", rs.getLong("album_id"));
				purchase.put("customerEmail", rs.getString("customer_email"));
				purchase.put("status", rs.getString("status"));
				return purchase;
			})
			.optional()
			.map((purchase) -> {
				purchase.put("delivery", delivery(purchaseId));
				return purchase;
			});
	}

	private Map<String, Object> delivery(long purchaseId) {
		return this.jdbc.sql("""
				SELECT due_at, status, attempts, delivered_at FROM scheduled_purchase
				WHERE purchase_id = :id ORDER BY id DESC LIMIT 1
				""").param("id", purchaseId).query((rs, row) -> {
			Map<String, Object> delivery = new LinkedHashMap<>();
			delivery.put("dueAt", instant(rs.getObject("due_at", OffsetDateTime.class)));
			delivery.put("status", rs.getString("status"));
			delivery.put("attempts", rs.getInt("attempts"));
			delivery.put("deliveredAt", instant(rs.getObject("delivered_at", OffsetDateTime.class)));
			return delivery;
		}).optional().orElse(null);
	}

	private static Instant instant(OffsetDateTime value) {
		return (value != null) ? value.toInstant() : null;
	}

}
