package dev.awty.example.flyway;

import org.springframework.stereotype.Component;

import dev.awty.handler.EventHandler;
import dev.awty.handler.HandlerContext;
import dev.awty.handler.HandlerOutcome;

/**
 * Decides at due time: an order that shipped meanwhile needs no alert.
 */
// tag::handler[]
@Component
class UnshippedOrderHandler implements EventHandler<UnshippedOrderCheck> {

	private final Orders orders;

	UnshippedOrderHandler(Orders orders) {
		this.orders = orders;
	}

	@Override
	public HandlerOutcome handle(UnshippedOrderCheck check, HandlerContext context) {
		return this.orders.isShipped(check.getOrderId()) ? HandlerOutcome.finish() : HandlerOutcome.publishAndFinish();
	}
}
// end::handler[]
