package dev.awty.sample.purchase;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.awty.EventStatus;
import dev.awty.repository.ChangeResult;
import dev.awty.sample.web.BadRequestException;

import static dev.awty.sample.web.BadRequestException.require;

/**
 * Moving, cancelling and listing scheduled deliveries by domain properties: album and customer.
 */
@RestController
class FulfilmentController {

	private static final int MAX_PAGE = 1000;

	private final Fulfilments fulfilments;

	FulfilmentController(Fulfilments fulfilments) {
		this.fulfilments = fulfilments;
	}

	record NewReleaseDate(Instant releaseAt) {
	}

	@PutMapping("/albums/{id}/release-at")
	Map<String, Object> moveRelease(@PathVariable long id, @RequestBody NewReleaseDate body) {
		require(body.releaseAt() != null, "releaseAt", "'releaseAt' is required, as an ISO-8601 instant");
		ChangeResult result = this.fulfilments.moveRelease(id, body.releaseAt());
		return Map.of("rescheduled", result.changed(), "inFlight", result.inFlight());
	}

	@PostMapping("/customers/{email}/cancel-pending")
	Map<String, Object> cancelPending(@PathVariable String email) {
		require(email.contains("@"), "email", "'email' must be an e-mail address");
		ChangeResult result = this.fulfilments.cancelPendingOf(email);
		return Map.of("cancelled", result.changed(), "inFlight", result.inFlight());
	}

	@GetMapping("/scheduled")
	List<Map<String, Object>> scheduled(@RequestParam(required = false) Long albumId,
			@RequestParam(defaultValue = "PENDING") String status, @RequestParam(defaultValue = "0") int offset,
			@RequestParam(defaultValue = "50") int limit) {
		require(offset >= 0, "offset", "'offset' must not be negative");
		require(limit >= 1 && limit <= MAX_PAGE, "limit", "'limit' must be between 1 and " + MAX_PAGE);
		List<ScheduledPurchase> page = (albumId != null)
				? this.fulfilments.pageOfAlbum(albumId, status(status), offset, limit)
				: this.fulfilments.page(status(status), offset, limit);
		return page.stream().map(FulfilmentController::view).toList();
	}

	private static Map<String, Object> view(ScheduledPurchase row) {
		Map<String, Object> view = new LinkedHashMap<>();
		view.put("id", row.getId());
		view.put("purchaseId", row.getPurchaseId());
		view.put("dueAt", row.getDueAt());
		view.put("status", row.getStatus());
		view.put("attempts", row.getAttempts());
		view.put("version", row.getVersion());
		view.put("deliveredAt", row.getDeliveredAt());
		return view;
	}

	private static EventStatus status(String status) {
		try {
			return EventStatus.valueOf(status.toUpperCase(Locale.ROOT));
		}
		catch (IllegalArgumentException ex) {
			throw BadRequestException.invalid("status", "'status' must be one of PENDING, DELIVERED, FAILED, CANCELLED");
		}
	}

}
