package dev.awty.internal.delivery;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;

import dev.awty.ScheduledEntity;
import dev.awty.handler.EventHandler;
import dev.awty.internal.checks.CheckGuard;
import dev.awty.internal.checks.CheckWrites;
import dev.awty.internal.checks.HandlerInvoker;
import dev.awty.internal.checks.HandlingSettings;
import dev.awty.internal.checks.RunningChecks;
import dev.awty.internal.claim.ClaimLimits;
import dev.awty.internal.claim.Leases;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.internal.pipeline.LoopSettings;
import dev.awty.internal.pipeline.PipelineSources;
import dev.awty.internal.pipeline.kit.DeliveryCounters;
import dev.awty.internal.pipeline.kit.LeaseHeartbeat;
import dev.awty.internal.table.EventTable;
import dev.awty.spi.EventPublisher;

/**
 * The event types as sources of the pipeline: each type's claims, publishing or handler step, outcome writer and
 * lease heartbeat, planned per type and built when the {@link DeliveryPollers} first start.
 */
public final class EventSources implements PipelineSources {

	private final OutcomeStore store;

	private final EventPublisher publisher;

	private final String instanceId;

	private final RunningChecks runningChecks;

	/** Each type's source, built when the pollers first start. */
	private final List<Consumer<DeliveryPollers>> planned = new ArrayList<>();

	public EventSources(OutcomeStore store, EventPublisher publisher, String instanceId) {
		this(store, publisher, instanceId, new RunningChecks());
	}

	/** @param runningChecks where the handler calls of each type are registered for a cancel to interrupt them */
	public EventSources(OutcomeStore store, EventPublisher publisher, String instanceId, RunningChecks runningChecks) {
		this.runningChecks = runningChecks;
		this.store = store;
		this.publisher = publisher;
		this.instanceId = instanceId;
	}

	/**
	 * Plans the source of one type, built when the pollers first start ({@link #addTo}).
	 * @param limits the type's limits across instances, {@link ClaimLimits#NONE} for none
	 * @param handler the type's handler, or {@code null} to publish every due row as it is
	 */
	public <T extends ScheduledEntity> void add(EventTable<T> table, TypeSettings settings, ClaimLimits limits,
			HandlingSettings handling, @Nullable EventHandler<T> handler) {
		this.planned.add((pollers) -> build(pollers, table, settings, limits, handling, handler));
	}

	@Override
	public void addTo(DeliveryPollers pollers) {
		this.planned.forEach((source) -> source.accept(pollers));
	}

	private <T extends ScheduledEntity> void build(DeliveryPollers pollers, EventTable<T> table, TypeSettings settings,
			ClaimLimits limits, HandlingSettings handling, @Nullable EventHandler<T> handler) {
		String typeName = table.type().name();
		DeliveryCounters counters = pollers.countersOf(typeName);
		CheckWrites checks = new CheckWrites(table.type(), this.store.dialect(), this.store.dataSource(),
				table.writes().lastErrorLength());
		BatchWriter<T> writer = new BatchWriter<>(typeName, new OutcomeStatements<>(table.writes(), checks, settings),
				this.store.log(), this.store.transaction(),
				() -> new HistoryEntries(typeName, handling.history(), this.instanceId, settings.maxAttempts()),
				new OutcomeReport(typeName, settings.maxAttempts(), counters), settings.lease());
		HandlerInvoker invoker = (handler != null)
				? new HandlerInvoker(typeName, handling.handlerTimeout(), settings.concurrency()) : null;
		if (invoker != null) {
			this.runningChecks.register(typeName, invoker);
		}
		HandlerStep<T> step = (handler != null && invoker != null) ? new HandlerStep<>(typeName, table.type().channel(), handler,
				invoker,
				new CheckGuard(typeName, handling, handler.checksAgain()), checks, this.publisher, settings.lease(),
				table.tracing(), counters) : null;
		LeaseHeartbeat<Long> heartbeat = new LeaseHeartbeat<>("type '" + typeName + "'", new Leases(table.type().table(),
				this.store.dialect(), this.store.dataSource(), this.store.transaction()), Long.class, settings.lease(),
				counters::lostLeases, (claim, lost) -> {
					// A row cancelled, or claimed again after a stall, while its handler runs here under that claim.
					if (invoker != null) {
						invoker.interrupt(claim, lost);
					}
				});
		OutcomeQueue<T> outcomes = new OutcomeQueue<>(typeName, writer, counters, settings.markEvery(),
				OutcomeQueue.FLUSH_INTERVAL, settings.concurrency());
		BatchDelivery<T> delivery = new BatchDelivery<>(table, settings, limits, this.publisher, this.instanceId, outcomes,
				step, counters, heartbeat);
		LoopSettings loop = new LoopSettings(typeName, table.type().lockName(), settings.pollInterval(),
				settings.batchSize(), settings.mode(), settings.lease(), settings.concurrency(), settings.claimAhead());
		pollers.add(loop, "type '" + typeName + "'", delivery, heartbeat);
	}

}
