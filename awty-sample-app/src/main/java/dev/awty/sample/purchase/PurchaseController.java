package dev.awty.sample.purchase;

import java.util.Map;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import dev.awty.sample.web.BadRequestException;

import static dev.awty.sample.web.BadRequestException.require;

@RestController
class PurchaseController {

	private final PurchaseService purchases;

	private final Purchases rows;

	PurchaseController(PurchaseService purchases, Purchases rows) {
		this.purchases = purchases;
		this.rows = rows;
	}

	record NewPurchase(Long albumId, String customerEmail) {
	}

	@PostMapping("/purchases")
	@ResponseStatus(HttpStatus.CREATED)
	Map<String, Object> purchase(@RequestBody NewPurchase purchase) {
		require(purchase.albumId() != null, "albumId", "'albumId' is required");
		require(purchase.customerEmail() != null && purchase.customerEmail().matches("[^@\\s]+@[^@\\s]+"),
				"customerEmail", "'customerEmail' must be an e-mail address");
		require(purchase.customerEmail().length() <= 320, "customerEmail", "'customerEmail' is too long");
		return Map.of("id", this.purchases.purchase(purchase.albumId(), purchase.customerEmail()));
	}

	@PostMapping("/purchases/{id}/refund")
	Map<String, Object> refund(@PathVariable long id) {
		return Map.of("id", id, "status", "REFUNDED", "cancelledDeliveries", this.purchases.refund(id));
	}

	@GetMapping("/purchases/{id}")
	Map<String, Object> find(@PathVariable long id) {
		return this.rows.find(id).orElseThrow(() -> BadRequestException.notFound("id", "no purchase with id " + id));
	}

}
