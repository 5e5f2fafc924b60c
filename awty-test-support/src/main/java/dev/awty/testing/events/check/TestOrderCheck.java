package dev.awty.testing.events.check;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;
import dev.awty.testing.ScheduledTables;

@ScheduledEvent(table = "scheduled_test_order_check", channel = "orderAlerts")
public class TestOrderCheck extends ScheduledEntity {

	public static final String TABLE_DDL = ScheduledTables.ddl("scheduled_test_order_check", """
			    order_id BIGINT NOT NULL,
			    due_at TIMESTAMP WITH TIME ZONE NOT NULL,
			    first_check_at TIMESTAMP WITH TIME ZONE,
			    check_count INT NOT NULL DEFAULT 0,
			""");

	/** The table as it was before the type got a handler: no check columns. */
	public static final String TABLE_DDL_WITHOUT_CHECK_COLUMNS = ScheduledTables.ddl("scheduled_test_order_check", """
			    order_id BIGINT NOT NULL,
			    due_at TIMESTAMP WITH TIME ZONE NOT NULL,
			""");

	private Long orderId;

	protected TestOrderCheck() {
	}

	public TestOrderCheck(long orderId) {
		this.orderId = orderId;
	}

	public Long getOrderId() {
		return this.orderId;
	}

}
