package dev.awty.sample.order;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.integration.annotation.ServiceActivator;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.messaging.handler.annotation.Header;
import org.springframework.stereotype.Component;

import dev.awty.AwtyHeaders;

/**
 * "Raises" an alert by recording it in {@code order_alert}; the unique {@code event_id} drops the repeat of a
 * check that ran again after a crash.
 */
@Component
class RaisedAlerts {

	/** The channel the order checks publish their alerts to. */
	static final String CHANNEL = "orderAlerts";

	private static final Log logger = LogFactory.getLog(RaisedAlerts.class);

	private final JdbcClient jdbc;

	RaisedAlerts(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	@ServiceActivator(inputChannel = CHANNEL)
	void raise(OrderAlert alert, @Header(AwtyHeaders.EVENT_ID) String eventId) {
		try {
			this.jdbc.sql("""
					INSERT INTO order_alert (order_id, kind, event_id, raised_at)
					VALUES (:orderId, :kind, :eventId, CURRENT_TIMESTAMP)
					""").param("orderId", alert.orderId()).param("kind", alert.kind().name()).param("eventId", eventId)
				.update();
			logger.info("Order " + alert.orderId() + " is late to ship: " + alert.kind() + " (event " + eventId + ")");
		}
		catch (DuplicateKeyException ex) {
			logger.info("Alert event " + eventId + " was delivered again; it had already been raised");
		}
	}

	List<Map<String, Object>> ofOrder(long orderId) {
		return this.jdbc.sql("SELECT order_id, kind, raised_at FROM order_alert WHERE order_id = :orderId ORDER BY id")
			.param("orderId", orderId)
			.query((rs, row) -> Map.<String, Object>of("orderId", rs.getLong("order_id"), "kind", rs.getString("kind"),
					"raisedAt", rs.getObject("raised_at", OffsetDateTime.class).toInstant()))
			.list();
	}

}
