package dev.awty.sample.purchase;

import java.time.Instant;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import dev.awty.EventScheduler;
import dev.awty.sample.album.Albums;

/**
 * Buying and refunding: each purchase and its scheduled download email are written in one transaction, so
 * neither exists without the other.
 */
@Service
public class PurchaseService {

	private final Purchases purchases;

	private final Albums albums;

	private final EventScheduler scheduler;

	private final Fulfilments fulfilments;

	PurchaseService(Purchases purchases, Albums albums, EventScheduler scheduler, Fulfilments fulfilments) {
		this.purchases = purchases;
		this.albums = albums;
		this.scheduler = scheduler;
		this.fulfilments = fulfilments;
	}

	// tag::purchase[]
	@Transactional
	public long purchase(long albumId, String email) {
		Instant releaseAt = this.albums.releaseAt(albumId); // 404 naming albumId when there is no such album
		long purchaseId = this.purchases.insert(albumId, email);
		this.scheduler.schedule(new ScheduledPurchase(purchaseId), releaseAt);
		return purchaseId;
	}
	// end::purchase[]

	/**
	 * Refunds a purchase and cancels its download email unless it is being sent right now.
	 * @return the number of pending deliveries cancelled
	 */
	@Transactional
	public int refund(long purchaseId) {
		this.purchases.markRefunded(purchaseId);
		return this.fulfilments.cancelPendingOfPurchase(purchaseId).changed();
	}

}
