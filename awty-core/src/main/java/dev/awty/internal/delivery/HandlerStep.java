package dev.awty.internal.delivery;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.ScheduledEntity;
import dev.awty.handler.EventHandler;
import dev.awty.handler.HandlerOutcome;
import dev.awty.internal.checks.CheckGuard;
import dev.awty.internal.checks.CheckState;
import dev.awty.internal.checks.CheckWrites;
import dev.awty.internal.checks.HandlerInvoker;
import dev.awty.internal.model.EntityMapper;
import dev.awty.internal.outcome.RowResult;
import dev.awty.internal.pipeline.kit.DeliveryCounters;
import dev.awty.internal.pipeline.kit.LeaseHeartbeat;
import dev.awty.internal.tracing.RowTracing;
import dev.awty.spi.EventPublisher;

/**
 * The delivery step of a type with a handler: runs the handler on each claimed row, applies the guards to
 * check-again answers, and publishes what the handlers published, one call per channel. A row cancelled or lost while
 * its handler runs has its handler call interrupted and gets no outcome; one cancelled before its turn is skipped;
 * one cancelled or lost after its handler returned, while the rest of its part ran, gets no outcome either, and what
 * its handler buffered is not sent.
 */
final class HandlerStep<T extends ScheduledEntity> {

	private static final Log logger = LogFactory.getLog(HandlerStep.class);

	private final String typeName;

	private final String channel;

	private final EventHandler<T> handler;

	private final HandlerInvoker invoker;

	private final CheckWrites checks;

	private final EventPublisher publisher;

	private final Duration lease;

	private final CheckGuard guard;

	private final RowTracing tracing;

	private final DeliveryCounters counters;

	HandlerStep(String typeName, String channel, EventHandler<T> handler, HandlerInvoker invoker, CheckGuard guard,
			CheckWrites checks, EventPublisher publisher, Duration lease, RowTracing tracing, DeliveryCounters counters) {
		this.typeName = typeName;
		this.counters = counters;
		this.tracing = tracing;
		this.channel = channel;
		this.handler = handler;
		this.invoker = invoker;
		this.guard = guard;
		this.checks = checks;
		this.publisher = publisher;
		this.lease = lease;
	}

	/** Runs the handler on {@code rows}, some of those claimed in {@code batch}. */
	List<RowResult<T>> run(List<T> rows, ClaimedBatch<T> batch) {
		Map<Long, CheckState> states = this.handler.checksAgain()
				? this.checks.checkStates(rows.stream().map(ScheduledEntity::getId).toList()) : Map.of();
		HandledPart<T> part = new HandledPart<>(rows.size());
		LeaseHeartbeat<Long>.Held held = batch.held();
		for (T row : rows) {
			Long id = Objects.requireNonNull(row.getId());
			// A row cancelled (or lost) while the rows before it ran is not handed to the handler: it is not ours.
			if (!held.stillHeld(List.of(row), ScheduledEntity::getId).isEmpty()) {
				handle(row, id, states.getOrDefault(id, CheckState.NONE), batch, part);
			}
		}
		send(part, held);
		return part.results();
	}

	/**
	 * Runs the handler on one row and adds its outcome to {@code part}, with the messages the handler buffered; a row
	 * cancelled or lost while the handler ran gets no outcome.
	 */
	private void handle(T row, Long id, CheckState state, ClaimedBatch<T> batch, HandledPart<T> part) {
		String eventId = EventMessages.eventId(this.typeName, row) + "/" + state.checkCount();
		Instant dueAt = Objects.requireNonNull(row.getDueAt());
		Instant now = databaseNow(row, batch);
		BufferedContext context = new BufferedContext(this.typeName, this.channel, row, eventId, state.checkCount(),
				(state.firstCheckAt() != null) ? state.firstCheckAt() : dueAt, now);
		long start = System.nanoTime();
		HandlerInvoker.Invocation invocation = invoke(row, id, context, batch.token());
		long millis = Duration.ofNanos(System.nanoTime() - start).toMillis();
		HandlerOutcome outcome = invocation.outcome();
		if (invocation.interrupted()) {
			// Cancelled or lost while the handler ran: whoever took the row decides its fate, so no outcome is
			// written (were one written, the claim would fence it off) and nothing the handler buffered is sent.
			context.close();
			batch.held().release(List.of(id));
			return;
		}
		if (outcome == null) {
			context.close();
			part.add(RowResult.of(row, RowResult.Kind.FAILED_ATTEMPT, eventId, state.checkCount(), millis)
				.failed(String.valueOf(invocation.error())), List.of());
			return;
		}
		if (outcome.kind() == HandlerOutcome.Kind.PUBLISH_AND_FINISH) {
			context.publish(row);
		}
		part.add(switch (outcome.kind()) {
			case PUBLISH_AND_FINISH -> RowResult.of(row, RowResult.Kind.DELIVERED, eventId, state.checkCount(), millis);
			case FINISH -> RowResult.of(row, RowResult.Kind.FINISHED, eventId, state.checkCount(), millis);
			case CHECK_AGAIN -> checkAgain(row, eventId, state, now, Objects.requireNonNull(outcome.nextCheckAt()), millis);
		}, context.close());
	}

	/** Calls the handler on {@code row} under the claim {@code token}, traced, within its time limit. */
	private HandlerInvoker.Invocation invoke(T row, Long id, BufferedContext context, String token) {
		return this.invoker.invoke(token, id, () -> this.tracing.handle(this.typeName, id, EntityMapper.traceParent(row),
				(traceHeaders) -> {
					context.traceHeaders(traceHeaders);
					return this.handler.handle(row, context);
				}));
	}

	/**
	 * Sends what the handlers of {@code part} buffered, only now that the whole part was handled: a row cancelled
	 * meanwhile (the cancel reported nothing in flight) or lost is no longer ours, and nothing of it goes out.
	 */
	private void send(HandledPart<T> part, LeaseHeartbeat<Long>.Held held) {
		part.leaveOut(part.lost(held), held);
		List<Long> cancelled = part.cancelled(this.invoker);
		part.leaveOut(cancelled, held);
		this.counters.cancelledAfterHandling(cancelled.size());
		part.publish(this.publisher);
		// A cancel that came while the messages were being sent, too late to stop them: its row's write would be
		// fenced off and counted as a possible duplicate.
		List<Long> tooLate = part.cancelled(this.invoker);
		if (!tooLate.isEmpty()) {
			part.leaveOut(tooLate, held);
			this.counters.cancelledAfterHandling(tooLate.size());
			logger.warn("awty: row(s) " + tooLate + " of type '" + this.typeName + "' were cancelled while the"
					+ " messages of their handlers were being sent; those messages may have gone out");
		}
	}

	private RowResult<T> checkAgain(T row, String eventId, CheckState state, Instant now, Instant nextAt, long millis) {
		String stop = this.guard.stop(state.checkCount(), Objects.requireNonNull(row.getDueAt()), now, nextAt);
		return (stop != null)
				? new RowResult<>(row, RowResult.Kind.STOPPED, eventId, state.checkCount(), null, stop, millis)
				: new RowResult<>(row, RowResult.Kind.CHECK_AGAIN, eventId, state.checkCount(), nextAt, null, millis);
	}

	void shutdown() {
		this.invoker.shutdown();
	}

	/**
	 * The database's "now" for a guard: the claim's reading of the database clock plus the time since, as a
	 * heartbeat lets a batch's later rows run long after the claim.
	 */
	private Instant databaseNow(T row, ClaimedBatch<T> batch) {
		Instant claimedAt = batch.databaseNow();
		if (claimedAt == null && row.getClaimedUntil() != null) {
			// The claim set claimed_until from the database's clock.
			claimedAt = row.getClaimedUntil().minus(this.lease);
		}
		if (claimedAt == null || batch.claimedAtNanos() == 0) {
			return (claimedAt != null) ? claimedAt : Instant.now();
		}
		return claimedAt.plusNanos(Math.max(0, System.nanoTime() - batch.claimedAtNanos()));
	}

}
