package dev.awty.sample.digest;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
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
import dev.awty.recurring.RecurringHeaders;
import dev.awty.recurring.RecurringSchedule;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.recurring.ScheduleDefinition;

/**
 * Subscribes customers to a weekly new-releases digest, one recurring schedule each through awty's
 * {@link RecurringSchedules}, and "sends" a digest whenever a schedule fires, by recording the
 * occurrence in {@code digest}. The unique {@code event_id} turns a second delivery of one occurrence into a
 * no-op instead of a second digest.
 */
@Component
public class Digests {

	private static final Log logger = LogFactory.getLog(Digests.class);

	private final RecurringSchedules schedules;

	private final JdbcClient jdbc;

	Digests(RecurringSchedules schedules, JdbcClient jdbc) {
		this.schedules = schedules;
		this.jdbc = jdbc;
	}

	/** Subscribes a customer to the digest: every Monday at 09:00 in the customer's time zone. */
	// tag::subscribe[]
	public RecurringSchedule subscribe(String customerEmail, String timeZone) {
		return this.schedules.create(ScheduleDefinition.of(scheduleId(customerEmail), "0 9 * * MON")
			.withTimeZone(timeZone)
			.withPayload("{\"customer\":\"" + customerEmail + "\"}"));
	}
	// end::subscribe[]

	/** Ends a customer's subscription; {@code false} when there was none. */
	public boolean unsubscribe(String customerEmail) {
		return this.schedules.delete(scheduleId(customerEmail));
	}

	private static String scheduleId(String customerEmail) {
		return "digest-" + customerEmail;
	}

	/** The starter's default recurring channel receives the occurrences of schedules created without a channel. */
	// tag::send[]
	@ServiceActivator(inputChannel = "awtyRecurring")
	public void send(String payload, @Header(RecurringHeaders.SCHEDULE_ID) String scheduleId,
			@Header(AwtyHeaders.EVENT_ID) String eventId, @Header(RecurringHeaders.GENERATED_AT) Instant generatedAt) {
		try {
			this.jdbc.sql("""
					INSERT INTO digest (schedule_id, event_id, payload, generated_at, received_at)
					VALUES (:scheduleId, :eventId, :payload, :generatedAt, CURRENT_TIMESTAMP(6))
					""")
				.param("scheduleId", scheduleId)
				.param("eventId", eventId)
				.param("payload", payload)
				.param("generatedAt", OffsetDateTime.ofInstant(generatedAt, ZoneOffset.UTC))
				.update();
			if (logger.isInfoEnabled()) {
				logger.info("Sent digest " + eventId + " of schedule " + scheduleId);
			}
		}
		catch (DuplicateKeyException ex) {
			logger.warn("Digest " + eventId + " was delivered again; it had already been sent");
		}
	}
	// end::send[]

	public List<Map<String, Object>> sentFor(String scheduleId) {
		return this.jdbc.sql("""
				SELECT schedule_id, event_id, generated_at, received_at FROM digest
				WHERE schedule_id = :scheduleId ORDER BY generated_at
				""").param("scheduleId", scheduleId).query((rs, row) -> Map.<String, Object>of("scheduleId",
				rs.getString("schedule_id"), "eventId", rs.getString("event_id"), "generatedAt",
				rs.getObject("generated_at", OffsetDateTime.class).toInstant(), "receivedAt",
				rs.getObject("received_at", OffsetDateTime.class).toInstant()))
			.list();
	}

}
