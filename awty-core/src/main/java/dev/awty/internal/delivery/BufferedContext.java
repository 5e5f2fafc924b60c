package dev.awty.internal.delivery;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.springframework.integration.support.MessageBuilder;
import org.springframework.messaging.Message;
import org.springframework.util.Assert;

import dev.awty.AwtyHeaders;
import dev.awty.ScheduledEntity;
import dev.awty.handler.HandlerContext;

/**
 * The context of one handler call: buffers what the handler publishes, numbering the event ids of the
 * check, and refuses publishing once the call is over (a handler abandoned after its timeout may still run).
 */
final class BufferedContext implements HandlerContext {

	/** A message and the channel it goes to. */
	record Outgoing(String channel, Message<?> message) {
	}

	private final String typeName;

	private final String typeChannel;

	private final ScheduledEntity row;

	private final String eventId;

	private final int checkCount;

	private final Instant firstCheckAt;

	private final Instant now;

	private final List<Outgoing> outgoing = new ArrayList<>();

	private boolean closed;

	private Supplier<Map<String, Object>> traceHeaders = Map::of;

	BufferedContext(String typeName, String typeChannel, ScheduledEntity row, String eventId, int checkCount,
			Instant firstCheckAt, Instant now) {
		this.typeName = typeName;
		this.typeChannel = typeChannel;
		this.row = row;
		this.eventId = eventId;
		this.checkCount = checkCount;
		this.firstCheckAt = firstCheckAt;
		this.now = now;
	}

	@Override
	public void publish(Object payload) {
		publish(this.typeChannel, payload);
	}

	@Override
	public synchronized void publish(String channel, Object payload) {
		Assert.hasText(channel, "channel must be the name of a message channel");
		Assert.notNull(payload, "payload must not be null");
		Assert.state(!this.closed, "the handler call is over (it timed out, its row was cancelled, or it returned); publish before returning");
		int index = this.outgoing.size();
		String id = (index == 0) ? this.eventId : this.eventId + "-" + index;
		this.outgoing.add(new Outgoing(channel, MessageBuilder.withPayload(payload)
			.copyHeaders(this.traceHeaders.get())
			.setHeader(AwtyHeaders.EVENT_ID, id)
			.setHeader(AwtyHeaders.TYPE, this.typeName)
			.setHeader(AwtyHeaders.DUE_AT, this.row.getDueAt())
			.setHeader(AwtyHeaders.ATTEMPT, this.row.getAttempts() + 1)
			.setHeader(AwtyHeaders.CHECK_COUNT, this.checkCount)
			.build()));
	}

	/** Where the headers that carry the handler call's trace come from; none unless the row is traced. */
	synchronized void traceHeaders(Supplier<Map<String, Object>> headers) {
		this.traceHeaders = headers;
	}

	/** Ends the call: no more publishing; returns what was published. */
	synchronized List<Outgoing> close() {
		this.closed = true;
		return List.copyOf(this.outgoing);
	}

	@Override
	public int checkCount() {
		return this.checkCount;
	}

	@Override
	public Instant firstCheckAt() {
		return this.firstCheckAt;
	}

	@Override
	public Instant now() {
		return this.now;
	}

}
