package dev.awty.autoconfigure;

import org.jspecify.annotations.Nullable;

import dev.awty.Holding;
import dev.awty.ScheduledEntity;
import dev.awty.autoconfigure.settings.AwtySettings;
import dev.awty.handler.EventHandler;
import dev.awty.history.HistoryMode;
import dev.awty.internal.checks.HandlingSettings;
import dev.awty.internal.claim.ClaimLimits;
import dev.awty.internal.delivery.EventSources;
import dev.awty.internal.delivery.TypeSettings;
import dev.awty.internal.model.SchemaValidator;
import dev.awty.internal.table.EventTable;

/**
 * Checks what the event types' settings and handlers need of the database (history table, priority and check
 * columns, the table of paused types), failing start-up with the property or changeSet to fix, and plans each type's
 * source with its settings, limits and handler.
 */
final class AwtyEventPipelines {

	private final AwtyEventTypes eventTypes;

	private final AwtySettings settings;

	private final SchemaValidator validator;

	private final boolean validateSchema;

	AwtyEventPipelines(AwtyEventTypes eventTypes, AwtySettings settings, SchemaValidator validator,
			boolean validateSchema) {
		this.eventTypes = eventTypes;
		this.settings = settings;
		this.validator = validator;
		this.validateSchema = validateSchema;
	}

	/**
	 * @return how many batches the types held in transactions may open at once: the sum of their concurrency
	 */
	int plan(EventSources sources, AwtyHandlers handlers) {
		int openAtOnce = 0;
		this.settings.rejectUnknownTypes(this.eventTypes.names());
		if (this.eventTypes.names().stream().anyMatch((name) -> this.settings.historyFor(name) != HistoryMode.NONE)) {
			this.validator.requireHistoryTable();
		}
		for (EventTable<?> table : this.eventTypes.tables()) {
			TypeSettings typeSettings = this.settings.settingsFor(table.type().name());
			if (typeSettings.byPriority()) {
				this.eventTypes.requirePriorityColumn(table.type());
			}
			AwtyHandlers.Handler handler = handlers.forType(table.type().name());
			if (handler != null && handler.handler().checksAgain() && this.validateSchema) {
				this.validator.requireCheckColumns(table.type(), handler.beanName());
			}
			ClaimLimits limits = this.settings.limitsFor(table);
			if (limits.any() && this.validateSchema) {
				this.validator.requireLimitTable("awty.types." + table.type().name() + ".limit");
			}
			Holding holding = add(sources, table, typeSettings, limits, this.settings.handlingFor(table.type().name()),
					(handler != null) ? handler.handler() : null);
			openAtOnce += (holding == Holding.TRANSACTION) ? typeSettings.concurrency() : 0;
		}
		if (!this.eventTypes.names().isEmpty() && this.validateSchema) {
			// Last: a schema that lacks older tables too is told about those first.
			this.validator.requirePauseTable();
		}
		if (this.validateSchema) {
			// Every operator action writes it, whether on event types or recurring schedules.
			this.validator.requireAuditTable();
		}
		return openAtOnce;
	}

	@SuppressWarnings("unchecked")
	private static <T extends ScheduledEntity> Holding add(EventSources sources, EventTable<T> table, TypeSettings settings,
			ClaimLimits limits, HandlingSettings handling, @Nullable EventHandler<?> handler) {
		// AwtyHandlers matched the handler's type argument to this table's class.
		return sources.add(table, settings, limits, handling, (EventHandler<T>) handler);
	}

}
