package dev.awty.testing.events.jpaid;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;

/** Broken on purpose: ids from a sequence, which awty's own inserts would not use. */
@Entity
@ScheduledEvent(table = "scheduled_sequenced_reminder", channel = "reminders")
public class SequencedReminder extends ScheduledEntity {

	@GeneratedValue(strategy = GenerationType.SEQUENCE)
	private Long reminderNumber;

	private Long invoiceId;

}
