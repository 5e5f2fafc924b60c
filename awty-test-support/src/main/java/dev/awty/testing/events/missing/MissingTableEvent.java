package dev.awty.testing.events.missing;

import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;

/** No test creates its table. */
@ScheduledEvent(table = "scheduled_shipment", channel = "shipments")
public class MissingTableEvent extends ScheduledEntity {

	private Long shipmentId;

}
