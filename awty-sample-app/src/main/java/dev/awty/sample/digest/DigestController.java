package dev.awty.sample.digest;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import dev.awty.recurring.RecurringSchedule;
import dev.awty.sample.web.BadRequestException;

import static dev.awty.sample.web.BadRequestException.require;

/**
 * Digest subscriptions (one recurring schedule per customer) and the digests sent per schedule. Schedules can also
 * be read, changed and deleted through the starter's endpoints under {@code /awty/schedules}.
 */
@RestController
class DigestController {

	private final Digests digests;

	DigestController(Digests digests) {
		this.digests = digests;
	}

	record Subscription(String timeZone) {
	}

	@PostMapping("/customers/{email}/digest")
	@ResponseStatus(HttpStatus.CREATED)
	Map<String, Object> subscribe(@PathVariable String email, @RequestBody Subscription subscription) {
		require(email.contains("@"), "email", "'email' must be an e-mail address");
		String timeZone = (subscription.timeZone() != null) ? subscription.timeZone() : "UTC";
		try {
			ZoneId.of(timeZone);
		}
		catch (DateTimeException ex) {
			throw BadRequestException.invalid("timeZone", "'timeZone' must be a zone id such as Europe/Berlin");
		}
		RecurringSchedule schedule = this.digests.subscribe(email, timeZone);
		return Map.of("scheduleId", schedule.id(), "nextFireAt", String.valueOf(schedule.nextFireAt()));
	}

	@DeleteMapping("/customers/{email}/digest")
	Map<String, Object> unsubscribe(@PathVariable String email) {
		return Map.of("unsubscribed", this.digests.unsubscribe(email));
	}

	@GetMapping("/digests")
	List<Map<String, Object>> digests(@RequestParam String scheduleId) {
		return this.digests.sentFor(scheduleId);
	}

}
