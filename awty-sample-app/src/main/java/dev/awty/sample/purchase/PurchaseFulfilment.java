package dev.awty.sample.purchase;

/**
 * Names of the fulfilment flow.
 */
public final class PurchaseFulfilment {

	/** The channel awty publishes due purchases to. */
	public static final String CHANNEL = "purchaseFulfilment";

	private PurchaseFulfilment() {
	}

}
