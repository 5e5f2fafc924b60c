package dev.awty.sample.email;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * "Sends" the download email of a due purchase by recording it in {@code sent_email}. The unique
 * {@code event_id} makes a second delivery of the same event a {@link DuplicateDownloadEmail} event instead of a
 * second email.
 * The due purchase arrives in-process ({@link InProcessDelivery}) or from a broker (profiles {@code rabbit}
 * and {@code kafka}).
 */
@Component
public class DownloadEmails {

	private static final Log logger = LogFactory.getLog(DownloadEmails.class);

	private final JdbcClient jdbc;

	private final ApplicationEventPublisher events;

	DownloadEmails(JdbcClient jdbc, ApplicationEventPublisher events) {
		this.jdbc = jdbc;
		this.events = events;
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
			this.events.publishEvent(new DuplicateDownloadEmail(purchaseId, eventId));
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
		return Map.of("emailsSent", this.jdbc.sql("SELECT COUNT(*) FROM sent_email").query(Long.class).single());
	}

	/**
	 * A download email delivered again after it had been sent: at-least-once delivery at work, and nothing sent
	 * twice.
	 * @param purchaseId the purchase
	 * @param eventId the {@code awty_event_id} delivered again
	 */
	public record DuplicateDownloadEmail(long purchaseId, String eventId) {
	}

}
