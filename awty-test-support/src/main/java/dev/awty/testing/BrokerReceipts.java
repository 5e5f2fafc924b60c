package dev.awty.testing;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a consumer on the broker side received, counted by {@code awty_event_id}.
 */
public final class BrokerReceipts {

	private final Map<String, AtomicInteger> perEventId = new ConcurrentHashMap<>();

	private final AtomicInteger total = new AtomicInteger();

	public void record(Object eventId) {
		this.perEventId.computeIfAbsent(String.valueOf(eventId), (id) -> new AtomicInteger()).incrementAndGet();
		this.total.incrementAndGet();
	}

	public int total() {
		return this.total.get();
	}

	public int distinct() {
		return this.perEventId.size();
	}

	public int duplicates() {
		return total() - distinct();
	}

	@Override
	public String toString() {
		return total() + " received, " + distinct() + " distinct event ids";
	}

}
