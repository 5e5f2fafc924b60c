package dev.awty.testing.events.priority;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;
import dev.awty.testing.ScheduledTables;

@ScheduledEvent(table = "scheduled_task", channel = "tasks")
public class PrioritizedTask extends ScheduledEntity {

	public static final String TABLE_DDL = ScheduledTables.ddl("scheduled_task", """
			    label VARCHAR(64) NOT NULL,
			    priority INT NOT NULL DEFAULT 0,
			    due_at TIMESTAMP WITH TIME ZONE NOT NULL,
			""");

	private String label;

	private int priority;

	protected PrioritizedTask() {
	}

	public PrioritizedTask(String label, int priority) {
		this.label = label;
		this.priority = priority;
	}

	public String getLabel() {
		return this.label;
	}

}
