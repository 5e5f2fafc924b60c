package dev.awty.internal.delivery;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import dev.awty.Holding;
import dev.awty.ScheduledEntity;
import dev.awty.handler.EventHandler;
import dev.awty.internal.checks.CheckGuard;
import dev.awty.internal.checks.CheckWrites;
import dev.awty.internal.checks.HandlerInvoker;
import dev.awty.internal.checks.HandlingSettings;
import dev.awty.internal.checks.RunningChecks;
import dev.awty.internal.claim.ClaimLimits;
import dev.awty.internal.claim.Leases;
import dev.awty.internal.outcome.BatchWriter;
import dev.awty.internal.outcome.HeldRowWrites;
import dev.awty.internal.outcome.OutcomeQueue;
import dev.awty.internal.outcome.OutcomeStore;
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

	/** The default cap on batches held in open transactions at once ({@link OpenBatches}). */
	public static final int DEFAULT_OPEN_TRANSACTIONS = 4;

	private static final Log logger = LogFactory.getLog(EventSources.class);

	private final OutcomeStore store;

	private final EventPublisher publisher;

	private final String instanceId;

	private final RunningChecks runningChecks;

	private final OpenBatches openBatches;

	/** Each type's source, built when the pollers first start. */
	private final List<Consumer<DeliveryPollers>> planned = new ArrayList<>();

	public EventSources(OutcomeStore store, EventPublisher publisher, String instanceId) {
		this(store, publisher, instanceId, new RunningChecks(), new OpenBatches(DEFAULT_OPEN_TRANSACTIONS));
	}

	/**
	 * @param runningChecks where the handler calls of each type are registered for a cancel to interrupt them
	 * @param openBatches the cap on batches held in open transactions at once, shared by every type
	 */
	public EventSources(OutcomeStore store, EventPublisher publisher, String instanceId, RunningChecks runningChecks,
			OpenBatches openBatches) {
		this.openBatches = openBatches;
		this.runningChecks = runningChecks;
		this.store = store;
		this.publisher = publisher;
		this.instanceId = instanceId;
	}

	/**
	 * Plans the source of one type, built when the pollers first start ({@link #addTo}).
	 * @param limits the type's limits across instances, {@link ClaimLimits#NONE} for none
	 * @param handler the type's handler, or {@code null} to publish every due row as it is
	 * @return how the type's batches will be held: as its settings say, unless only a lease can hold them
	 */
	public <T extends ScheduledEntity> Holding add(EventTable<T> table, TypeSettings settings, ClaimLimits limits,
			HandlingSettings handling, @Nullable EventHandler<T> handler) {
		String leasedBecause = (settings.holding() == Holding.LEASE) ? null
				: leasedBecause(table, settings, limits, handler);
		if (leasedBecause != null) {
			logger.info("awty: batches of type '" + table.type().name() + "' are held by a lease, not in a transaction: "
					+ leasedBecause);
		}
		Holding holding = (leasedBecause == null && settings.holding() == Holding.TRANSACTION) ? Holding.TRANSACTION
				: Holding.LEASE;
		this.planned.add((pollers) -> {
			if (holding == Holding.TRANSACTION) {
				buildHeldInTransactions(pollers, table, settings, handling);
			}
			else {
				build(pollers, table, settings, limits, handling, handler);
			}
		});
		return holding;
	}

	/** Why a type whose settings ask for transactions is held by a lease; {@code null} when it need not be. */
	private static @Nullable String leasedBecause(EventTable<?> table, TypeSettings settings, ClaimLimits limits,
			@Nullable EventHandler<?> handler) {
		if (handler != null) {
			return "its handler may run long or write its own row";
		}
		if (limits.any()) {
			return "its limits count the rows in flight by their lease";
		}
		if (!table.claims().locksDueRows()) {
			return "the " + table.dialect().name() + " dialect cannot lock due rows";
		}
		return null;
	}

	/** The source of a type held in transactions: no heartbeat (nothing to extend), no writer thread. */
	private <T extends ScheduledEntity> void buildHeldInTransactions(DeliveryPollers pollers, EventTable<T> table,
			TypeSettings settings, HandlingSettings handling) {
		String typeName = table.type().name();
		DeliveryCounters counters = pollers.countersOf(typeName);
		TransactionalDelivery<T> delivery = new TransactionalDelivery<>(table, this.store.dataSource(), settings,
				this.publisher, this.instanceId, writer(table, settings, handling, counters, table.writes().underRowLocks()),
				counters, this.openBatches);
		// No claim-ahead: the loop wakes when rows are due, as its claims lock nothing earlier. A run planned within
		// the claim-ahead still spares the look-up of the next due row: in a stream of rows due one after another
		// the loop would otherwise look it up after nearly every cycle.
		LoopSettings loop = new LoopSettings(typeName, table.type().lockName(), settings.pollInterval(),
				settings.batchSize(), settings.mode(), settings.lease(), settings.concurrency(), Duration.ZERO,
				settings.claimAhead());
		pollers.add(loop, "type '" + typeName + "'", delivery, null);
	}

	@Override
	public void addTo(DeliveryPollers pollers) {
		this.planned.forEach((source) -> source.accept(pollers));
	}

	private <T extends ScheduledEntity> void build(DeliveryPollers pollers, EventTable<T> table, TypeSettings settings,
			ClaimLimits limits, HandlingSettings handling, @Nullable EventHandler<T> handler) {
		String typeName = table.type().name();
		DeliveryCounters counters = pollers.countersOf(typeName);
		CheckWrites checks = checkWrites(table, table.writes());
		BatchWriter<T> writer = writer(table, settings, handling, counters, table.writes());
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
		OutcomeQueue<T> outcomes = OutcomeQueue.of(typeName, writer, counters, settings.markEvery(),
				settings.concurrency());
		BatchDelivery<T> delivery = new BatchDelivery<>(table, settings, limits, this.publisher, this.instanceId, outcomes,
				step, counters, heartbeat);
		pollers.add(loopSettings(table, settings), "type '" + typeName + "'", delivery, heartbeat);
	}

	private <T extends ScheduledEntity> BatchWriter<T> writer(EventTable<T> table, TypeSettings settings,
			HandlingSettings handling, DeliveryCounters counters, HeldRowWrites writes) {
		return this.store.writer(writes, checkWrites(table, writes),
				settings.outcomes(table.type().name(), this.instanceId, handling.history()), counters);
	}

	private CheckWrites checkWrites(EventTable<?> table, HeldRowWrites writes) {
		return new CheckWrites(table.type(), this.store.dialect(), this.store.dataSource(), writes.lastErrorLength());
	}

	private static LoopSettings loopSettings(EventTable<?> table, TypeSettings settings) {
		return new LoopSettings(table.type().name(), table.type().lockName(), settings.pollInterval(),
				settings.batchSize(), settings.mode(), settings.lease(), settings.concurrency(), settings.claimAhead());
	}

}
