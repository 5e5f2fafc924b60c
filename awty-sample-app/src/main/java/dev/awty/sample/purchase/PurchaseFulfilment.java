package dev.awty.sample.purchase;

/**
 * Names of the fulfilment flow.
 */
public final class PurchaseFulfilment {

	/** The channel awty publishes due purchases to. */
	public static final String CHANNEL = "purchaseFulfilment";

	/** The event type name, the {@code awty_type} header of its messages. */
	public static final String TYPE = "purchase";

	private PurchaseFulfilment() {
	}

}
