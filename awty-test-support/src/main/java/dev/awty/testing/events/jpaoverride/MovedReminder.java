package dev.awty.testing.events.jpaoverride;

import jakarta.persistence.AttributeOverride;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;

/** Broken on purpose: the base column {@code due_at} moved to another column. */
@Entity
@AttributeOverride(name = "dueAt", column = @Column(name = "remind_at"))
@ScheduledEvent(table = "scheduled_moved_reminder", channel = "reminders")
public class MovedReminder extends ScheduledEntity {

	private Long invoiceId;

}
