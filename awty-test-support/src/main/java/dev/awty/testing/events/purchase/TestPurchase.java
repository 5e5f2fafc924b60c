package dev.awty.testing.events.purchase;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;
import dev.awty.testing.ScheduledTables;

@ScheduledEvent(table = "scheduled_test_purchase", channel = "testPurchases")
public class TestPurchase extends ScheduledEntity {

	public static final String TABLE_DDL = ScheduledTables.ddl("scheduled_test_purchase", """
			    purchase_id BIGINT NOT NULL,
			    due_at TIMESTAMP WITH TIME ZONE NOT NULL,
			""");

	private Long purchaseId;

	protected TestPurchase() {
	}

	public TestPurchase(long purchaseId) {
		this.purchaseId = purchaseId;
	}

	public Long getPurchaseId() {
		return this.purchaseId;
	}

}
