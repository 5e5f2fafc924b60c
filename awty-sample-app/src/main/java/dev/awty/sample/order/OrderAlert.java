package dev.awty.sample.order;

/**
 * An alert about an order that is late to ship, as published by {@link UnshippedOrderCheck}.
 */
public record OrderAlert(long orderId, Kind kind) {

	public enum Kind {

		/** Still unshipped at the first check. */
		UNSHIPPED,

		/** Still unshipped at the second check. */
		ESCALATED

	}

}
