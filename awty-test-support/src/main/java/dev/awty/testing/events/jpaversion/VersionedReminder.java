package dev.awty.testing.events.jpaversion;

import jakarta.persistence.Entity;
import jakarta.persistence.Version;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;

/** Broken on purpose: a JPA {@code @Version} on a column of its own. */
@Entity
@ScheduledEvent(table = "scheduled_versioned_reminder", channel = "reminders")
public class VersionedReminder extends ScheduledEntity {

	private Long invoiceId;

	@Version
	private long lockVersion;

}
