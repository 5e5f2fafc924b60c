package dev.awty.internal.recurring;

import java.time.Instant;

import org.springframework.integration.support.MessageBuilder;
import org.springframework.messaging.Message;

import dev.awty.AwtyHeaders;
import dev.awty.recurring.RecurringHeaders;
import dev.awty.recurring.RecurringSchedule;

/**
 * Builds the message of one occurrence: the schedule's payload text, awty's headers and the recurring ones.
 */
public final class OccurrenceMessages {

	private OccurrenceMessages() {
	}

	/**
	 * The prefix of every occurrence id. Type names cannot hold a ':', and every event id of a type starts with the
	 * type's name, so no occurrence id can equal one, whatever the schedule's id.
	 */
	public static final String EVENT_ID_PREFIX = "recurring:";

	public static String eventId(String scheduleId, Instant occurrence) {
		return EVENT_ID_PREFIX + scheduleId + "-" + occurrence.getEpochSecond();
	}

	public static Message<?> toMessage(RecurringSchedule schedule, Instant occurrence) {
		return toMessage(schedule, occurrence, eventId(schedule.id(), occurrence), schedule.attempts() + 1);
	}

	/** The message of an occurrence with the event id given, such as an occurrence fired by hand. */
	static Message<?> toMessage(RecurringSchedule schedule, Instant occurrence, String eventId, int attempt) {
		return MessageBuilder.withPayload((schedule.payload() != null) ? schedule.payload() : "")
			.setHeader(AwtyHeaders.EVENT_ID, eventId)
			.setHeader(AwtyHeaders.TYPE, RecurringHeaders.TYPE_VALUE)
			.setHeader(AwtyHeaders.DUE_AT, occurrence)
			.setHeader(AwtyHeaders.ATTEMPT, attempt)
			.setHeader(RecurringHeaders.SCHEDULE_ID, schedule.id())
			.setHeader(RecurringHeaders.GENERATED_AT, occurrence)
			.setHeader(RecurringHeaders.SCHEDULE_VERSION, schedule.version())
			.build();
	}

}
