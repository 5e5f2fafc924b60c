package dev.awty.sample.album;

import java.time.Instant;
import java.util.Map;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import static dev.awty.sample.web.BadRequestException.require;

@RestController
class AlbumController {

	private final Albums albums;

	AlbumController(Albums albums) {
		this.albums = albums;
	}

	record NewAlbum(String title, Instant releaseAt) {
	}

	@PostMapping("/albums")
	@ResponseStatus(HttpStatus.CREATED)
	Map<String, Object> create(@RequestBody NewAlbum album) {
		require(album.title() != null && !album.title().isBlank(), "title", "'title' is required");
		require(album.title().length() <= 255, "title", "'title' must be at most 255 characters");
		require(album.releaseAt() != null, "releaseAt", "'releaseAt' is required, as an ISO-8601 instant");
		return Map.of("id", this.albums.create(album.title(), album.releaseAt()));
	}

}
