package dev.awty.sample.purchase;

import java.time.Instant;
import java.util.List;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import dev.awty.EventStatus;
import dev.awty.repository.ChangeResult;
import dev.awty.repository.EventRepositories;
import dev.awty.sample.album.Albums;

/**
 * The shop's scheduled download e-mails, selected by what the shop knows: albums and customers. Each
 * selection is a join of {@code scheduled_purchase} (alias {@code e}) with {@code purchase}.
 */
@Service
public class Fulfilments {

	private final EventRepositories repositories;

	private final Albums albums;

	Fulfilments(EventRepositories repositories, Albums albums) {
		this.repositories = repositories;
		this.albums = albums;
	}

	/** Moves the album's release and, in the same transaction, every pending e-mail of its purchases. */
	// tag::move-release[]
	@Transactional
	public ChangeResult moveRelease(long albumId, Instant releaseAt) {
		this.albums.updateReleaseAt(albumId, releaseAt);
		return this.repositories.select(ScheduledPurchase.class)
			.join("purchase", "p", "p.id = e.purchase_id")
			.where("p.album_id = :albumId").param("albumId", albumId)
			.rescheduleTo(releaseAt);          // ChangeResult[changed=…, inFlight=…]
	}
	// end::move-release[]

	/** Cancels every pending e-mail of a customer's purchases. */
	@Transactional
	public ChangeResult cancelPendingOf(String email) {
		// tag::cancel[]
		return this.repositories.select(ScheduledPurchase.class)
			.join("purchase", "p", "p.id = e.purchase_id")
			.where("p.customer_email = :email").param("email", email)
			.cancel();
		// end::cancel[]
	}

	/** Cancels the pending e-mail of one purchase: a predicate on the scheduled table alone needs no join. */
	@Transactional
	public ChangeResult cancelPendingOfPurchase(long purchaseId) {
		return this.repositories.select(ScheduledPurchase.class)
			.where("e.purchase_id = :purchaseId").param("purchaseId", purchaseId)
			.cancel();
	}

	/** One page of an album's e-mails in one state, earliest due first. */
	@Transactional(readOnly = true)
	public List<ScheduledPurchase> pageOfAlbum(long albumId, EventStatus status, int offset, int limit) {
		// tag::page[]
		List<ScheduledPurchase> page = this.repositories.select(ScheduledPurchase.class)
			.join("purchase", "p", "p.id = e.purchase_id")
			.where("p.album_id = :albumId").param("albumId", albumId)
			.withStatus(status)
			.page(offset, limit);
		// end::page[]
		return page;
	}

	/** One page of all e-mails in one state, earliest due first. */
	@Transactional(readOnly = true)
	public List<ScheduledPurchase> page(EventStatus status, int offset, int limit) {
		return this.repositories.select(ScheduledPurchase.class)
			.withStatus(status)
			.page(offset, limit);
	}

}
