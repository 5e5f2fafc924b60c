package dev.awty.sample.email;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * "Sends" the download email of a due purchase by recording it in {@code sent_email}. The unique
 * {@code event_id} makes a second delivery of the same event a counted duplicate instead of a second email.
 * The due purchase arrives in-process ({@link InProcessDelivery}) or from a broker (profiles {@code rabbit}
 * and {@code kafka}).
 */
@Component
public class DownloadEmails {

	private static final Log logger = LogFactory.getLog(DownloadEmails.class);

	private final JdbcClient jdbc;

	DownloadEmails(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	public void send(long purchaseId, String eventId) {
		try {
			this.jdbc.sql("""
					INSERT INTO sent_email (purchase_id, kind, event_id, sent_at)
					VALUES (:purchaseId, 'DOWNLOAD', :eventId, CURRENT_TIMESTAMP)
					""").param("purchaseId", purchaseId).param("eventId", eventId).update();
			if (logger.isInfoEnabled()) {
				logger.info("Sent the download email of purchase " + purchaseId + " (event " + eventId + ")");
			}
		}
		catch (DuplicateKeyException ex) {
			this.jdbc.sql("INSERT INTO duplicate_delivery (event_id, received_at) VALUES (:eventId, CURRENT_TIMESTAMP)")
				.param("eventId", eventId)
				.update();
			logger.warn("Event " + eventId + " was delivered again; its email had already been sent");
		}
	}

	public List<Map<String, Object>> sentForAlbum(long albumId) {
		return this.jdbc.sql("""
				SELECT e.purchase_id, e.kind, e.event_id, e.sent_at FROM sent_email e
				JOIN purchase p ON p.id = e.purchase_id
				WHERE p.album_id = :albumId ORDER BY e.id
				""").param("albumId", albumId).query((rs, row) -> Map.<String, Object>of("purchaseId",
				rs.getLong("purchase_id"), "kind", rs.getString("kind"), "eventId", rs.getString("event_id"), "sentAt",
				rs.getObject("sent_at", OffsetDateTime.class).toInstant()))
			.list();
	}

	public Map<String, Object> stats() {
		long sent = this.jdbc.sql("SELECT COUNT(*) FROM sent_email").query(Long.class).single();
		long duplicates = this.jdbc.sql("SELECT COUNT(*) FROM duplicate_delivery").query(Long.class).single();
		return Map.of("emailsSent", sent, "duplicateDeliveries", duplicates);
	}

}
