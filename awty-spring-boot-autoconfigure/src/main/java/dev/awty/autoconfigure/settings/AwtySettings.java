package dev.awty.autoconfigure.settings;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import dev.awty.autoconfigure.properties.AwtyProperties;
import dev.awty.history.HistoryMode;
import dev.awty.integration.BrokerRoute;
import dev.awty.internal.checks.HandlingSettings;
import dev.awty.internal.claim.ClaimLimits;
import dev.awty.internal.delivery.TypeSettings;
import dev.awty.internal.recurring.RecurringSettings;
import dev.awty.internal.table.EventTable;
import dev.awty.internal.wakeup.DueTimeSlots;

/**
 * The one place {@code awty.*} properties become the settings the library runs on: each event type's delivery and
 * handling, its limits and broker route, and the recurring source's. Every value is checked here, through
 * {@link Requirements#require}, so a start-up failure names the property, what it was and what to set.
 */
public final class AwtySettings {

	private final AwtyProperties properties;

	private final TypeSettingsFactory types;

	private final HandlingSettingsFactory handling;

	private final ClaimLimitsFactory limits;

	public AwtySettings(AwtyProperties properties) {
		this.properties = properties;
		this.types = new TypeSettingsFactory(properties);
		this.handling = new HandlingSettingsFactory(properties);
		this.limits = new ClaimLimitsFactory(properties);
	}

	/** Fails when {@code awty.types.*} names a type that is not one of {@code knownTypes}. */
	public void rejectUnknownTypes(Collection<String> knownTypes) {
		this.types.rejectUnknownTypes(knownTypes);
	}

	/** How the type (or source) named {@code typeName} is claimed and delivered. */
	public TypeSettings settingsFor(String typeName) {
		return this.types.settingsFor(typeName);
	}

	/** The due-time slots of every type, for wake-ups. */
	public DueTimeSlots slots() {
		return this.types.slots();
	}

	/** How the handler of {@code typeName} runs, and its history. */
	public HandlingSettings handlingFor(String typeName) {
		return this.handling.settingsFor(typeName);
	}

	public HistoryMode historyFor(String typeName) {
		return this.handling.historyFor(typeName);
	}

	public Duration keepFinishedFor(String typeName) {
		return this.handling.keepFinishedFor(typeName);
	}

	/** The limits across instances of {@code table}'s type, {@link ClaimLimits#NONE} for none. */
	public ClaimLimits limitsFor(EventTable<?> table) {
		return this.limits.limitsFor(table);
	}

	/** The broker route of each type of {@code tables} that has one, by type name. */
	public Map<String, BrokerRoute> routesFor(List<EventTable<?>> tables) {
		return BrokerRoutes.of(this.properties, tables);
	}

	/** The recurring source's settings; its claim mode, lease, retries and history resolve as an event type's. */
	public RecurringSettings recurring() {
		return RecurringSettingsFactory.settingsOf(this.properties.getRecurring(), this.types, this.handling);
	}

}
