package dev.awty.testing.events.broken;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;
import dev.awty.testing.ScheduledTables;

/** Its table is created without {@code due_at}. */
@ScheduledEvent(table = "scheduled_broken", channel = "brokenEvents")
public class BrokenEvent extends ScheduledEntity {

	public static final String TABLE_DDL = ScheduledTables.ddl("scheduled_broken", """
			    order_id BIGINT,
			""");

	private Long orderId;

}
