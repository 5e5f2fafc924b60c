package dev.awty.internal.pipeline.kit;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The observers of all pollers; added while the application starts, called for every claim and row.
 */
public final class DeliveryObservers implements DeliveryObserver {

	private static final Log logger = LogFactory.getLog(DeliveryObservers.class);

	private final List<DeliveryObserver> observers = new CopyOnWriteArrayList<>();

	public void add(DeliveryObserver observer) {
		this.observers.add(observer);
	}

	@Override
	public void claimed(String type, int rows, long nanos) {
		each((observer) -> observer.claimed(type, rows, nanos));
	}

	@Override
	public void published(String type, Duration lag) {
		each((observer) -> observer.published(type, lag));
	}

	@Override
	public void failedAttempt(String type, boolean retried) {
		each((observer) -> observer.failedAttempt(type, retried));
	}

	@Override
	public void leaseLost(String type, long rows) {
		each((observer) -> observer.leaseLost(type, rows));
	}

	@Override
	public void skipped(String type, long occurrences) {
		each((observer) -> observer.skipped(type, occurrences));
	}

	private void each(Consumer<DeliveryObserver> call) {
		for (DeliveryObserver observer : this.observers) {
			try {
				call.accept(observer);
			}
			catch (RuntimeException ex) {
				// Metrics must never stop a delivery.
				logger.debug("awty: delivery observer " + observer + " failed", ex);
			}
		}
	}

}
