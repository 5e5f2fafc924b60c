package dev.awty.sample.history;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.jspecify.annotations.Nullable;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.awty.history.DeliveryHistory;
import dev.awty.history.DeliveryOutcome;
import dev.awty.history.DeliveryRecord;
import dev.awty.sample.web.BadRequestException;

import static dev.awty.sample.web.BadRequestException.require;

/**
 * awty's delivery history of one type: what finished or failed in a time range.
 */
@RestController
class HistoryController {

	private final DeliveryHistory history;

	HistoryController(DeliveryHistory history) {
		this.history = history;
	}

	/**
	 * Entries of {@code type} finished in {@code [from, to)}, earliest first; {@code to} defaults to now and
	 * {@code from} to a day before {@code to}.
	 */
	@GetMapping("/history")
	List<DeliveryRecord> history(@RequestParam String type, @RequestParam(required = false) String outcome,
			@RequestParam(required = false) String from, @RequestParam(required = false) String to,
			@RequestParam(defaultValue = "100") int limit) {
		require(!type.isBlank(), "type", "'type' must be an event type name, e.g. order_check");
		require(limit >= 1 && limit <= DeliveryHistory.MAX_LIMIT, "limit",
				"'limit' must be between 1 and " + DeliveryHistory.MAX_LIMIT);
		Instant end = (to != null) ? instant("to", to) : Instant.now();
		Instant start = (from != null) ? instant("from", from) : end.minus(Duration.ofDays(1));
		require(end.isAfter(start), "to", "'to' must be after 'from'");
		return this.history.find(type, outcome(outcome), start, end, limit);
	}

	private static @Nullable DeliveryOutcome outcome(@Nullable String outcome) {
		if (outcome == null) {
			return null;
		}
		try {
			return DeliveryOutcome.valueOf(outcome.toUpperCase(Locale.ROOT));
		}
		catch (IllegalArgumentException ex) {
			throw BadRequestException.invalid("outcome",
					"'outcome' must be one of " + Arrays.toString(DeliveryOutcome.values()));
		}
	}

	private static Instant instant(String field, String value) {
		try {
			return Instant.parse(value);
		}
		catch (DateTimeParseException ex) {
			throw BadRequestException.invalid(field, "'" + field + "' must be an ISO-8601 instant, e.g. 2030-01-01T00:00:00Z");
		}
	}

}
