package dev.awty.testing.events.reserved;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;

/** Its name, taken from its table, is the one of awty's recurring schedules. */
@ScheduledEvent(table = "scheduled_awty_recurring", channel = "reminders")
public class RecurringNamedEvent extends ScheduledEntity {

	private Long reminderId;

}
