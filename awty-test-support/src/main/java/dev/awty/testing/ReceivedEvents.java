package dev.awty.testing;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

import org.springframework.messaging.Message;
import org.springframework.messaging.MessageHandler;
import org.springframework.messaging.MessagingException;

import dev.awty.AwtyHeaders;

/**
 * A channel consumer that records what it receives, shareable between application contexts so that
 * duplicates across instances are counted. It can be told to fail, to exercise retries.
 */
public final class ReceivedEvents implements MessageHandler {

	public record Received(Message<?> message, Instant receivedAt) {

		public String eventId() {
			return (String) this.message.getHeaders().get(AwtyHeaders.EVENT_ID);
		}

	}

	private final Queue<Received> received = new ConcurrentLinkedQueue<>();

	private final Map<String, AtomicInteger> perEventId = new ConcurrentHashMap<>();

	private final AtomicInteger calls = new AtomicInteger();

	private volatile int failFirstCalls;

	private volatile java.util.function.Supplier<Instant> clock = Instant::now;

	private volatile java.util.function.Consumer<Message<?>> behaviour = (message) -> {
	};

	public ReceivedEvents failFirst(int calls) {
		this.failFirstCalls = calls;
		return this;
	}

	public ReceivedEvents alwaysFail() {
		return failFirst(Integer.MAX_VALUE);
	}

	/** Runs {@code behaviour} on every message before recording it, e.g. to block or to slow down. */
	public ReceivedEvents each(java.util.function.Consumer<Message<?>> behaviour) {
		this.behaviour = behaviour;
		return this;
	}

	/** Records receive times from this clock (e.g. the database's). */
	public ReceivedEvents clock(java.util.function.Supplier<Instant> clock) {
		this.clock = clock;
		return this;
	}

	@Override
	public void handleMessage(Message<?> message) throws MessagingException {
		if (this.calls.incrementAndGet() <= this.failFirstCalls) {
			throw new IllegalStateException("consumer is down (call " + this.calls.get() + ")");
		}
		this.behaviour.accept(message);
		this.received.add(new Received(message, this.clock.get()));
		this.perEventId.computeIfAbsent((String) message.getHeaders().get(AwtyHeaders.EVENT_ID),
				(id) -> new AtomicInteger()).incrementAndGet();
	}

	public List<Received> all() {
		return List.copyOf(this.received);
	}

	public int count() {
		return this.received.size();
	}

	public int distinctEventIds() {
		return this.perEventId.size();
	}

	public int duplicates() {
		return this.perEventId.values().stream().mapToInt((n) -> n.get() - 1).sum();
	}

	public int calls() {
		return this.calls.get();
	}

}
