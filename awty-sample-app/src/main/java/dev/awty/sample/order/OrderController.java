package dev.awty.sample.order;

import java.util.List;
import java.util.Map;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import dev.awty.sample.web.BadRequestException;

import static dev.awty.sample.web.BadRequestException.require;

/**
 * Placing and shipping orders, and the alerts raised for orders late to ship.
 */
@RestController
class OrderController {

	private final Orders orders;

	private final RaisedAlerts alerts;

	OrderController(Orders orders, RaisedAlerts alerts) {
		this.orders = orders;
		this.alerts = alerts;
	}

	record NewOrder(String customerEmail) {
	}

	@PostMapping("/orders")
	@ResponseStatus(HttpStatus.CREATED)
	Map<String, Object> place(@RequestBody NewOrder order) {
		require(order.customerEmail() != null && order.customerEmail().matches("[^@\\s]+@[^@\\s]+"), "customerEmail",
				"'customerEmail' must be an e-mail address");
		require(order.customerEmail().length() <= 320, "customerEmail", "'customerEmail' is too long");
		return Map.of("id", this.orders.place(order.customerEmail()));
	}

	@PostMapping("/orders/{id}/ship")
	Map<String, Object> ship(@PathVariable long id) {
		Orders.Order order = this.orders.ship(id);
		return Map.of("id", order.id(), "shippedAt", order.shippedAt());
	}

	@GetMapping("/orders/{id}")
	Map<String, Object> find(@PathVariable long id) {
		return this.orders.describe(id).orElseThrow(() -> BadRequestException.notFound("id", "no order with id " + id));
	}

	@GetMapping("/alerts")
	List<Map<String, Object>> alerts(@RequestParam long orderId) {
		if (this.orders.find(orderId).isEmpty()) {
			throw BadRequestException.notFound("orderId", "no order with id " + orderId);
		}
		return this.alerts.ofOrder(orderId);
	}

}
