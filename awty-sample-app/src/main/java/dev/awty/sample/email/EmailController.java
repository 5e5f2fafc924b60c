package dev.awty.sample.email;

import java.util.List;
import java.util.Map;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
class EmailController {

	private final DownloadEmails emails;

	EmailController(DownloadEmails emails) {
		this.emails = emails;
	}

	@GetMapping("/emails")
	List<Map<String, Object>> emails(@RequestParam long albumId) {
		return this.emails.sentForAlbum(albumId);
	}

	@GetMapping("/stats")
	Map<String, Object> stats() {
		return this.emails.stats();
	}

}
