package dev.awty.sample.email;

import org.springframework.context.annotation.Profile;
import org.springframework.integration.annotation.ServiceActivator;
import org.springframework.messaging.handler.annotation.Header;
import org.springframework.stereotype.Component;

import dev.awty.AwtyHeaders;
import dev.awty.sample.purchase.ScheduledPurchase;

/**
 * Consumes due purchases in-process, straight from awty's channel: the default, with no broker. The
 * {@code rabbit} and {@code kafka} profiles replace it with a bridge to the broker and a listener on it.
 */
@Component
@Profile("!rabbit & !kafka")
class InProcessDelivery {

	private final DownloadEmails emails;

	InProcessDelivery(DownloadEmails emails) {
		this.emails = emails;
	}

	// tag::consumer[]
	@ServiceActivator(inputChannel = "purchaseFulfilment")
	void send(ScheduledPurchase purchase, @Header(AwtyHeaders.EVENT_ID) String eventId) {
		this.emails.send(purchase.getPurchaseId(), eventId); // de-duplicates on eventId: delivery is at-least-once
	}
	// end::consumer[]

}
