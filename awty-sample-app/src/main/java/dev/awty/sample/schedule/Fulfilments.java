package dev.awty.sample.schedule;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import dev.awty.EventStatus;
import dev.awty.repository.ChangeResult;
import dev.awty.repository.EventRepositories;
import dev.awty.repository.Selection;
import dev.awty.sample.purchase.ScheduledPurchase;
import dev.awty.sample.web.BadRequestException;

/**
 * The shop's scheduled download e-mails, selected by what the shop knows: albums and customers.
 */
@Service
public class Fulfilments {

	private final EventRepositories repositories;

	private final JdbcClient jdbc;

	Fulfilments(EventRepositories repositories, JdbcClient jdbc) {
		this.repositories = repositories;
		this.jdbc = jdbc;
	}

	/** Moves the album's release and, in the same transaction, every pending e-mail of its purchases. */
	@Transactional
	public ChangeResult moveRelease(long albumId, Instant releaseAt) {
		int albums = this.jdbc.sql("UPDATE album SET release_at = :releaseAt WHERE id = :id")
			.param("releaseAt", OffsetDateTime.ofInstant(releaseAt, ZoneOffset.UTC))
			.param("id", albumId)
			.update();
		if (albums == 0) {
			throw BadRequestException.notFound("id", "no album with id " + albumId);
		}
		return ofAlbum(albumId).rescheduleTo(releaseAt);
	}

	@Transactional
	public ChangeResult cancelPendingOf(String customerEmail) {
		return purchases().where("p.customer_email = :email").param("email", customerEmail).cancel();
	}

	@Transactional
	public ChangeResult cancelPendingOfPurchase(long purchaseId) {
		return this.repositories.select(ScheduledPurchase.class)
			.where("e.purchase_id = :purchaseId")
			.param("purchaseId", purchaseId)
			.cancel();
	}

	@Transactional(readOnly = true)
	public List<Map<String, Object>> page(@Nullable Long albumId, EventStatus status, int offset, int limit) {
		Selection<ScheduledPurchase> selection = (albumId != null) ? ofAlbum(albumId) : purchases();
		return selection.withStatus(status).page(offset, limit).stream().map(Fulfilments::view).toList();
	}

	private Selection<ScheduledPurchase> ofAlbum(long albumId) {
		return purchases().where("p.album_id = :albumId").param("albumId", albumId);
	}

	private Selection<ScheduledPurchase> purchases() {
		return this.repositories.select(ScheduledPurchase.class).join("purchase", "p", "p.id = e.purchase_id");
	}

	private static Map<String, Object> view(ScheduledPurchase row) {
		Map<String, Object> view = new LinkedHashMap<>();
		view.put("id", row.getId());
		view.put("purchaseId", row.getPurchaseId());
		view.put("dueAt", row.getDueAt());
		view.put("status", row.getStatus());
		view.put("attempts", row.getAttempts());
		view.put("version", row.getVersion());
		view.put("deliveredAt", row.getDeliveredAt());
		return view;
	}

}
