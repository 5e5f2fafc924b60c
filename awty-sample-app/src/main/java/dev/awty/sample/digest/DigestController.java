package dev.awty.sample.digest;

import java.util.List;
import java.util.Map;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The digests sent per recurring schedule. The schedules themselves are created, changed and deleted through the
 * starter's endpoints under {@code /awty/schedules}.
 */
@RestController
class DigestController {

	private final Digests digests;

	DigestController(Digests digests) {
		this.digests = digests;
	}

	@GetMapping("/digests")
	List<Map<String, Object>> digests(@RequestParam String scheduleId) {
		return this.digests.sentFor(scheduleId);
	}

}
