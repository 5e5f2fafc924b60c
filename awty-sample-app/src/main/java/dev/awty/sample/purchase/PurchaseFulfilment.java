package dev.awty.sample.purchase;

/**
 * Names of the fulfilment flow, for the code that consumes it (the in-process consumer and the broker bridges).
 */
public final class PurchaseFulfilment {

	/** The channel awty publishes due purchases to, as {@link ScheduledPurchase} names it. */
	public static final String CHANNEL = "purchaseFulfilment";

	/** The event type name, the {@code awty_type} header of its messages. */
	public static final String TYPE = "purchase";

	private PurchaseFulfilment() {
	}

}
