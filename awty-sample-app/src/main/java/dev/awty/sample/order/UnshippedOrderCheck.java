package dev.awty.sample.order;

import java.time.Instant;

import org.springframework.stereotype.Component;

import dev.awty.handler.EventHandler;
import dev.awty.handler.HandlerContext;
import dev.awty.handler.HandlerOutcome;
import dev.awty.sample.ShopProperties;

/**
 * Looks at an order when its check is due: shipped means nothing to do; the first time it is still unshipped
 * raises UNSHIPPED and checks again at placed + {@code shop.escalate-after}; the second time raises ESCALATED
 * and stops.
 */
@Component
class UnshippedOrderCheck implements EventHandler<ScheduledOrderCheck> {

	private final Orders orders;

	private final ShopProperties properties;

	UnshippedOrderCheck(Orders orders, ShopProperties properties) {
		this.orders = orders;
		this.properties = properties;
	}

	// tag::handle[]
	@Override
	public HandlerOutcome handle(ScheduledOrderCheck check, HandlerContext context) {
		Orders.Order order = this.orders.find(check.getOrderId()).orElse(null);
		if (order == null || order.shippedAt() != null) {
			return HandlerOutcome.finish();                                    // nothing to say
		}
		if (context.checkCount() == 0) {
			context.publish(new OrderAlert(order.id(), OrderAlert.Kind.UNSHIPPED)); // to the type's channel
			Instant escalateAt = order.placedAt().plus(this.properties.getEscalateAfter());
			return HandlerOutcome.checkAgainAt(escalateAt);
		}
		context.publish(new OrderAlert(order.id(), OrderAlert.Kind.ESCALATED));
		return HandlerOutcome.finish();
	}
	// end::handle[]

}
