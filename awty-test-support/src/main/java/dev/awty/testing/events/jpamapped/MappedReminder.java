package dev.awty.testing.events.jpamapped;

import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;

/** A correctly JPA-mapped event class, alone in its package. */
@Entity
@Table(name = "scheduled_mapped_reminder")
@ScheduledEvent(table = "scheduled_mapped_reminder", channel = "reminders")
public class MappedReminder extends ScheduledEntity {

	/** Its table: one column of its own, then awty's base columns. */
	public static final String TABLE_DDL = dev.awty.testing.ScheduledTables.ddl("scheduled_mapped_reminder", """
			    invoice_id BIGINT,
			    due_at TIMESTAMP WITH TIME ZONE NOT NULL,
			""");

	private Long invoiceId;

}
