package dev.awty.sample.album;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.stereotype.Repository;

import dev.awty.sample.web.BadRequestException;

/**
 * The album table.
 */
@Repository
public class Albums {

	private final JdbcClient jdbc;

	Albums(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	public long create(String title, Instant releaseAt) {
		GeneratedKeyHolder keys = new GeneratedKeyHolder();
		this.jdbc.sql("INSERT INTO album (title, release_at) VALUES (:title, :releaseAt)")
			.param("title", title)
			.param("releaseAt", OffsetDateTime.ofInstant(releaseAt, ZoneOffset.UTC))
			.update(keys, "id");
		return keys.getKeyAs(Number.class).longValue();
	}

	/** The album's release; a 404 naming {@code albumId} when there is no such album. */
	public Instant releaseAt(long albumId) {
		return this.jdbc.sql("SELECT release_at FROM album WHERE id = :id")
			.param("id", albumId)
			.query((rs, row) -> rs.getObject(1, OffsetDateTime.class).toInstant())
			.optional()
			.orElseThrow(() -> BadRequestException.notFound("albumId", "no album with id " + albumId));
	}

	/** Moves the album's release; a 404 naming {@code id} when there is no such album. */
	public void updateReleaseAt(long albumId, Instant releaseAt) {
		int updated = this.jdbc.sql("UPDATE album SET release_at = :releaseAt WHERE id = :id")
			.param("releaseAt", OffsetDateTime.ofInstant(releaseAt, ZoneOffset.UTC))
			.param("id", albumId)
			.update();
		if (updated == 0) {
			throw BadRequestException.notFound("id", "no album with id " + albumId);
		}
	}

}
