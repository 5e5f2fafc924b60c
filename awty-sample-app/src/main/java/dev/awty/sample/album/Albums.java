package dev.awty.sample.album;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.stereotype.Repository;

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

	public Optional<Instant> releaseAt(long albumId) {
		return this.jdbc.sql("SELECT release_at FROM album WHERE id = :id")
			.param("id", albumId)
			.query((rs, row) -> rs.getObject(1, OffsetDateTime.class).toInstant())
			.optional();
	}

}
