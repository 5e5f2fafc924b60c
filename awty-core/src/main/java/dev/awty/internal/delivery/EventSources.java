package dev.awty.internal.delivery;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import dev.awty.Holding;
import dev.awty.ScheduledEntity;
import dev.awty.handler.EventHandler;
import dev.awty.internal.checks.HandlingSettings;
import dev.awty.internal.checks.RunningChecks;
import dev.awty.internal.claim.ClaimLimits;
import dev.awty.internal.outcome.OutcomeStore;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.internal.pipeline.PipelineSources;
import dev.awty.internal.table.EventTable;
import dev.awty.spi.EventPublisher;

/**
 * The event types as sources of the pipeline: how each type's batches are held, decided when it is added, and its
 * source, built by a {@link TypeSourceFactory} when the {@link DeliveryPollers} first start.
 */
public final class EventSources implements PipelineSources {

	/** The default cap on batches held in open transactions at once ({@link OpenBatches}). */
	public static final int DEFAULT_OPEN_TRANSACTIONS = 4;

	private static final Log logger = LogFactory.getLog(EventSources.class);

	private final TypeSourceFactory.Shared shared;

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
		this.shared = new TypeSourceFactory.Shared(store, publisher, instanceId, runningChecks, openBatches);
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
		TypeSourceFactory<T> source = new TypeSourceFactory<>(table, settings, limits, handling, handler, this.shared);
		this.planned.add((holding == Holding.TRANSACTION) ? source::addHeldInTransactions : source::addLeased);
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

	@Override
	public void addTo(DeliveryPollers pollers) {
		this.planned.forEach((source) -> source.accept(pollers));
	}

}
