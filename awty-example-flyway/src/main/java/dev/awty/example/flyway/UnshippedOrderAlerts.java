package dev.awty.example.flyway;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.integration.annotation.ServiceActivator;
import org.springframework.stereotype.Component;

/**
 * Consumes the alerts; a real service would page someone or mail the customer.
 */
@Component
public class UnshippedOrderAlerts {

	private static final Log logger = LogFactory.getLog(UnshippedOrderAlerts.class);

	private final List<Long> alerted = new CopyOnWriteArrayList<>();

	@ServiceActivator(inputChannel = "unshippedOrders")
	void alert(UnshippedOrderCheck check) {
		logger.warn("Order " + check.getOrderId() + " has not shipped yet");
		this.alerted.add(check.getOrderId());
	}

	/** The orders alerted about so far, oldest first. */
	public List<Long> alerted() {
		return List.copyOf(this.alerted);
	}

}
