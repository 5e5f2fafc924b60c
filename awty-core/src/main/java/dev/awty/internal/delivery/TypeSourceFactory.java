package dev.awty.internal.delivery;

import org.jspecify.annotations.Nullable;

import dev.awty.ScheduledEntity;
import dev.awty.handler.EventHandler;
import dev.awty.internal.checks.CheckGuard;
import dev.awty.internal.checks.CheckWrites;
import dev.awty.internal.checks.HandlerInvoker;
import dev.awty.internal.checks.HandlingSettings;
import dev.awty.internal.checks.RunningChecks;
import dev.awty.internal.claim.ClaimLimiter;
import dev.awty.internal.claim.ClaimLimits;
import dev.awty.internal.claim.EventClaims;
import dev.awty.internal.claim.Leases;
import dev.awty.internal.outcome.BatchWriter;
import dev.awty.internal.outcome.HeldRowWrites;
import dev.awty.internal.outcome.OutcomeQueue;
import dev.awty.internal.outcome.OutcomeStore;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.internal.pipeline.kit.DeliveryCounters;
import dev.awty.internal.pipeline.kit.LeaseHeartbeat;
import dev.awty.internal.table.EventTable;
import dev.awty.spi.EventPublisher;

/**
 * Builds the pipeline source of one event type when the pollers first start: its claims, its publishing or handler
 * step, its outcome writer and, for batches held by a lease, its lease heartbeat.
 *
 * @param limits the type's limits across instances, {@link ClaimLimits#NONE} for none
 * @param handler the type's handler, or {@code null} to publish every due row as it is
 */
record TypeSourceFactory<T extends ScheduledEntity>(EventTable<T> table, TypeSettings settings, ClaimLimits limits,
		HandlingSettings handling, @Nullable EventHandler<T> handler, Shared shared) {

	/**
	 * What the sources of every type share.
	 * @param runningChecks where the handler calls of each type are registered for a cancel to interrupt them
	 * @param openBatches the cap on batches held in open transactions at once
	 */
	record Shared(OutcomeStore store, EventPublisher publisher, String instanceId, RunningChecks runningChecks,
			OpenBatches openBatches) {
	}

	/** The source of a type held in transactions: no heartbeat (nothing to extend), no writer thread. */
	void addHeldInTransactions(DeliveryPollers pollers) {
		DeliveryCounters counters = pollers.countersOf(name());
		HeldRowWrites writes = this.table.writes().underRowLocks();
		TransactionalDelivery<T> delivery = new TransactionalDelivery<>(this.table, this.shared.store().dataSource(),
				this.settings, this.shared.publisher(), this.shared.instanceId(), writer(writes, counters), counters,
				this.shared.openBatches());
		pollers.add(this.settings.heldLoop(this.table.type()), "type '" + name() + "'", delivery, null);
	}

	/** The source of a type held by a lease: its outcomes written on threads of their own, its leases extended. */
	void addLeased(DeliveryPollers pollers) {
		DeliveryCounters counters = pollers.countersOf(name());
		HandlerInvoker invoker = (this.handler != null)
				? new HandlerInvoker(name(), this.handling.handlerTimeout(), this.settings.concurrency()) : null;
		if (invoker != null) {
			this.shared.runningChecks().register(name(), invoker);
		}
		LeaseHeartbeat<Long> heartbeat = heartbeat(counters, invoker);
		OutcomeQueue<T> outcomes = OutcomeQueue.of(name(), writer(this.table.writes(), counters), counters,
				this.settings.markEvery(), this.settings.concurrency());
		BatchDelivery<T> delivery = new BatchDelivery<>(this.table, claims(), limiter(), this.settings,
				this.shared.publisher(), this.shared.instanceId(), outcomes, handlerStep(invoker, counters), counters,
				heartbeat);
		pollers.add(this.settings.leasedLoop(this.table.type()), "type '" + name() + "'", delivery, heartbeat);
	}

	private String name() {
		return this.table.type().name();
	}

	/** The type's claims: one row per key where its limits say so. */
	private EventClaims<T> claims() {
		String keyColumn = this.limits.keyColumn();
		return (keyColumn != null) ? this.table.claims().onePerKey(keyColumn) : this.table.claims();
	}

	private @Nullable ClaimLimiter limiter() {
		return this.limits.any() ? new ClaimLimiter(name(), this.table.jdbc(), this.table.transactions(),
				this.table.dialect(), this.limits) : null;
	}

	private @Nullable HandlerStep<T> handlerStep(@Nullable HandlerInvoker invoker, DeliveryCounters counters) {
		EventHandler<T> handler = this.handler;
		if (handler == null || invoker == null) {
			return null;
		}
		return new HandlerStep<>(name(), this.table.type().channel(), handler, invoker,
				new CheckGuard(name(), this.handling, handler.checksAgain()), checkWrites(this.table.writes()),
				this.shared.publisher(), this.settings.lease(), this.table.tracing(), counters);
	}

	private LeaseHeartbeat<Long> heartbeat(DeliveryCounters counters, @Nullable HandlerInvoker invoker) {
		OutcomeStore store = this.shared.store();
		return new LeaseHeartbeat<>("type '" + name() + "'", new Leases(this.table.type().table(), store.dialect(),
				store.dataSource(), store.transaction()), Long.class, this.settings.lease(), counters::lostLeases,
				(claim, lost) -> {
					// A row cancelled, or claimed again after a stall, while its handler runs here under that claim.
					if (invoker != null) {
						invoker.interrupt(claim, lost);
					}
				});
	}

	private BatchWriter<T> writer(HeldRowWrites writes, DeliveryCounters counters) {
		return this.shared.store().writer(writes, checkWrites(writes),
				this.settings.outcomes(name(), this.shared.instanceId(), this.handling.history()), counters);
	}

	private CheckWrites checkWrites(HeldRowWrites writes) {
		OutcomeStore store = this.shared.store();
		return new CheckWrites(this.table.type(), store.dialect(), store.dataSource(), writes.lastErrorLength());
	}

}
