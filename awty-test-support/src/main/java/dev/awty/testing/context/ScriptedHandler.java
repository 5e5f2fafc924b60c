package dev.awty.testing.context;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;

import dev.awty.handler.EventHandler;
import dev.awty.handler.HandlerContext;
import dev.awty.handler.HandlerOutcome;
import dev.awty.testing.events.check.TestOrderCheck;

/**
 * A handler whose behaviour each test sets, recording every call it gets.
 */
public final class ScriptedHandler implements EventHandler<TestOrderCheck> {

	/** One call: the row's check count and the database time the guards used. */
	public record Call(long rowId, int checkCount, Instant firstCheckAt, Instant now) {
	}

	private final List<Call> calls = new CopyOnWriteArrayList<>();

	private volatile BiFunction<TestOrderCheck, HandlerContext, HandlerOutcome> behaviour = (row,
			context) -> HandlerOutcome.publishAndFinish();

	public ScriptedHandler behave(BiFunction<TestOrderCheck, HandlerContext, HandlerOutcome> behaviour) {
		this.behaviour = behaviour;
		return this;
	}

	@Override
	public HandlerOutcome handle(TestOrderCheck row, HandlerContext context) {
		this.calls.add(new Call(row.getId(), context.checkCount(), context.firstCheckAt(), context.now()));
		return this.behaviour.apply(row, context);
	}

	public List<Call> calls() {
		return List.copyOf(this.calls);
	}

}
