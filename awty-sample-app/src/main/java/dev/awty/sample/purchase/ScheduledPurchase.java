package dev.awty.sample.purchase;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;

/**
 * The download email of one purchase, due at the album's release. Its rows live in the shop's own
 * {@code scheduled_purchase} table, next to {@code purchase}; awty publishes each due row to the
 * {@code purchaseFulfilment} channel ({@link PurchaseFulfilment#CHANNEL}).
 */
// tag::event[]
@ScheduledEvent(table = "scheduled_purchase", channel = "purchaseFulfilment")
public class ScheduledPurchase extends ScheduledEntity {

	private Long purchaseId;

	protected ScheduledPurchase() {
	}

	public ScheduledPurchase(long purchaseId) {
		this.purchaseId = purchaseId;
	}

	public Long getPurchaseId() {
		return this.purchaseId;
	}
}
// end::event[]
