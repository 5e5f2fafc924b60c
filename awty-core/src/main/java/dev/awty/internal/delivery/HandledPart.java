package dev.awty.internal.delivery;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.awty.ScheduledEntity;
import dev.awty.internal.checks.HandlerInvoker;
import dev.awty.internal.outcome.RowResult;
import dev.awty.internal.pipeline.kit.LeaseHeartbeat;
import dev.awty.internal.pipeline.kit.SafePublish;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.PublishOutcome;

/**
 * What the handlers of one part answered, row by row, with the messages each buffered. They are sent together once
 * the whole part was handled, which can be up to {@code mark-every} handler calls after a row's own call returned: a
 * row cancelled or lost meanwhile is no longer this instance's, and is left out, outcome and messages.
 */
final class HandledPart<T extends ScheduledEntity> {

	private final List<RowResult<T>> results;

	/** What each row's handler buffered, by the row's place in {@link #results}. */
	private final List<List<BufferedContext.Outgoing>> outgoing;

	HandledPart(int rows) {
		this.results = new ArrayList<>(rows);
		this.outgoing = new ArrayList<>(rows);
	}

	void add(RowResult<T> result, List<BufferedContext.Outgoing> messages) {
		this.results.add(result);
		this.outgoing.add(messages);
	}

	List<RowResult<T>> results() {
		return this.results;
	}

	/**
	 * The rows whose handler returned that the lease check before publishing finds no longer held (cancelled on
	 * another instance, or claimed again after a stall); those cancelled here are {@linkplain #cancelled told apart}.
	 */
	List<Long> lost(LeaseHeartbeat<Long>.Held held) {
		if (this.results.isEmpty()) {
			return List.of();
		}
		List<T> rows = this.results.stream().map(RowResult::row).toList();
		Set<Long> stillHeld = new HashSet<>();
		held.stillHeld(rows, ScheduledEntity::getId).forEach((row) -> stillHeld.add(row.getId()));
		return rows.stream().map(ScheduledEntity::getId).filter((id) -> !stillHeld.contains(id)).toList();
	}

	/** The rows cancelled on this instance since their handler returned, each told once by {@code invoker}. */
	List<Long> cancelled(HandlerInvoker invoker) {
		List<Long> ids = this.results.stream().map((result) -> result.row().getId()).toList();
		Set<Object> cancelled = invoker.cancelledAfterReturning(ids);
		return cancelled.isEmpty() ? List.of() : ids.stream().filter(cancelled::contains).toList();
	}

	/** Drops the rows {@code gone}, outcome and messages, and stops extending their lease. */
	void leaveOut(List<Long> gone, LeaseHeartbeat<Long>.Held held) {
		if (gone.isEmpty()) {
			return;
		}
		for (int row = this.results.size() - 1; row >= 0; row--) {
			if (gone.contains(this.results.get(row).row().getId())) {
				this.results.remove(row);
				this.outgoing.remove(row);
			}
		}
		held.release(gone);
	}

	/** Publishes per channel in one call each; a row any of whose messages failed becomes a failed attempt. */
	void publish(EventPublisher publisher) {
		List<Integer> rows = new ArrayList<>();
		List<SafePublish.Addressed> messages = new ArrayList<>();
		for (int row = 0; row < this.outgoing.size(); row++) {
			for (BufferedContext.Outgoing message : this.outgoing.get(row)) {
				rows.add(row);
				messages.add(new SafePublish.Addressed(message.channel(), message.message()));
			}
		}
		List<PublishOutcome> outcomes = SafePublish.publishEach(publisher, messages);
		for (int i = 0; i < outcomes.size(); i++) {
			int row = rows.get(i);
			RowResult<T> result = this.results.get(row);
			if (!outcomes.get(i).succeeded() && result.kind() != RowResult.Kind.STOPPED
					&& result.kind() != RowResult.Kind.FAILED_ATTEMPT) {
				this.results.set(row, result.failed(String.valueOf(outcomes.get(i).error())));
			}
		}
	}

}
