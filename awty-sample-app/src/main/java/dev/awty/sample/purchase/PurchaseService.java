package dev.awty.sample.purchase;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import dev.awty.EventScheduler;
import dev.awty.sample.album.Albums;
import dev.awty.sample.schedule.Fulfilments;
import dev.awty.sample.web.BadRequestException;

/**
 * Purchases and their fulfilment: each purchase and its scheduled download email are written in one
 * transaction, so neither exists without the other.
 */
@Service
public class PurchaseService {

	private static final int BULK_CHUNK = 1000;

	private final JdbcClient jdbc;

	private final NamedParameterJdbcTemplate batchJdbc;

	private final Albums albums;

	private final EventScheduler scheduler;

	private final Fulfilments fulfilments;

	PurchaseService(JdbcClient jdbc, NamedParameterJdbcTemplate batchJdbc, Albums albums, EventScheduler scheduler,
			Fulfilments fulfilments) {
		this.fulfilments = fulfilments;
		this.jdbc = jdbc;
		this.batchJdbc = batchJdbc;
		this.albums = albums;
		this.scheduler = scheduler;
	}

	@Transactional
	public long purchase(long albumId, String customerEmail) {
		Instant releaseAt = releaseAt(albumId);
		GeneratedKeyHolder keys = new GeneratedKeyHolder();
		this.jdbc.sql("INSERT INTO purchase (album_id, customer_email, status) VALUES (:albumId, :email, 'ACTIVE')")
			.param("albumId", albumId)
			.param("email", customerEmail)
			.update(keys, "id");
		long purchaseId = keys.getKeyAs(Number.class).longValue();
		this.scheduler.schedule(new ScheduledPurchase(purchaseId), releaseAt);
		return purchaseId;
	}

	@Transactional
	public int bulk(long albumId, int count) {
		Instant releaseAt = releaseAt(albumId);
		String batch = UUID.randomUUID().toString().substring(0, 8);
		int created = 0;
		for (int from = 0; from < count; from += BULK_CHUNK) {
			int size = Math.min(BULK_CHUNK, count - from);
			SqlParameterSource[] rows = new SqlParameterSource[size];
			for (int i = 0; i < size; i++) {
				rows[i] = new MapSqlParameterSource().addValue("albumId", albumId)
					.addValue("email", "fan-" + batch + "-" + (from + i) + "@example.com");
			}
			GeneratedKeyHolder keys = new GeneratedKeyHolder();
			this.batchJdbc.batchUpdate(
					"INSERT INTO purchase (album_id, customer_email, status) VALUES (:albumId, :email, 'ACTIVE')", rows, keys,
					new String[] { "id" });
			List<ScheduledPurchase> deliveries = new ArrayList<>(size);
			for (Map<String, Object> key : keys.getKeyList()) {
				deliveries.add(new ScheduledPurchase(((Number) key.values().iterator().next()).longValue()));
			}
			created += this.scheduler.scheduleAll(deliveries, releaseAt);
		}
		return created;
	}

	/**
	 * Refunds a purchase and cancels its download email unless it is being sent right now.
	 * @return the number of pending deliveries cancelled
	 */
	@Transactional
	public int refund(long purchaseId) {
		int updated = this.jdbc.sql("UPDATE purchase SET status = 'REFUNDED' WHERE id = :id")
			.param("id", purchaseId)
			.update();
		if (updated == 0) {
			throw BadRequestException.notFound("id", "no purchase with id " + purchaseId);
		}
		return this.fulfilments.cancelPendingOfPurchase(purchaseId).changed();
	}

	@Transactional(readOnly = true)
	public Optional<Map<String, Object>> find(long purchaseId) {
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

	private Instant releaseAt(long albumId) {
		return this.albums.releaseAt(albumId)
			.orElseThrow(() -> BadRequestException.notFound("albumId", "no album with id " + albumId));
	}

	private static Instant instant(OffsetDateTime value) {
		return (value != null) ? value.toInstant() : null;
	}

}
