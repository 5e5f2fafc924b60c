package dev.awty.internal.jpa;

import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.awty.ScheduledEntity;
import dev.awty.audit.OperatorAction;
import dev.awty.internal.audit.AuditLog;
import dev.awty.internal.checks.RunningChecks;
import dev.awty.internal.selection.CancelLog;
import dev.awty.internal.table.EventTable;
import dev.awty.internal.wakeup.DueSignals;
import dev.awty.internal.wakeup.DueTimeSlots;
import dev.awty.spi.SqlDialect;

/**
 * What the JPA side of awty needs to know of the event types: the table of a class, the due-time slots, the
 * wake-up signals, how the database spells "now" for awty's timestamp columns, the handler calls a cancel
 * interrupts, the history of cancellations, and the audit of operator actions.
 */
public final class JpaEventTypes {

	private final Map<Class<?>, EventTable<?>> tables = new LinkedHashMap<>();

	private final DueSignals dueSignals;

	private final DueTimeSlots slots;

	private final SqlDialect dialect;

	private final AuditLog audit;

	private final RunningChecks runningChecks;

	private final CancelLog cancelLog;

	public JpaEventTypes(Collection<EventTable<?>> tables, DueSignals dueSignals, DueTimeSlots slots,
			SqlDialect dialect, AuditLog audit, RunningChecks runningChecks, CancelLog cancelLog) {
		tables.forEach((table) -> this.tables.put(table.type().entityClass(), table));
		this.dueSignals = dueSignals;
		this.slots = slots;
		this.dialect = dialect;
		this.audit = audit;
		this.runningChecks = runningChecks;
		this.cancelLog = cancelLog;
	}

	/** @return the table of {@code type}, or {@code null} if it is no event type */
	@SuppressWarnings("unchecked")
	<T extends ScheduledEntity> @Nullable EventTable<T> find(Class<?> type) {
		return (EventTable<T>) this.tables.get(type);
	}

	<T extends ScheduledEntity> EventTable<T> require(Class<T> type) {
		EventTable<T> table = find(type);
		if (table == null) {
			throw new IllegalArgumentException(type.getName() + " is not a known event type: annotate it with"
					+ " @ScheduledEvent and keep it in or below the package of your @SpringBootApplication class");
		}
		return table;
	}

	Instant slot(EventTable<?> table, Instant dueAt) {
		return this.slots.roundUp(table.type().name(), dueAt);
	}

	/** Wakes the pollers of the table's type after the current transaction commits. */
	void rowsDue(EventTable<?> table, Instant dueAt) {
		this.dueSignals.rowsDue(table, dueAt);
	}

	/** The application's dialect: a test kit's {@code ShiftedNowDialect} where the test clock moves. */
	SqlDialect dialect() {
		return this.dialect;
	}

	/** Whether rows of the table's type go to a handler here: a cancel then takes them while claimed. */
	boolean handled(EventTable<?> table) {
		return this.runningChecks.handled(table.type().name());
	}

	/** Interrupts the handler calls for the rows {@code ids}, cancelled, once the current transaction commits. */
	void cancelledOnCommit(EventTable<?> table, List<Long> ids) {
		this.runningChecks.cancelledOnCommit(table.type().name(), ids);
	}

	/** Records cancellations in the history of the table's type: a cancel marks its rows, then has them copied. */
	@Nullable String cancellerFor(EventTable<?> table) {
		return this.cancelLog.records(table.type().name()) ? this.cancelLog.newCanceller() : null;
	}

	/** Records in the history, in the current transaction, those of {@code ids} that the cancel marked. */
	void cancelledInHistory(EventTable<?> table, String canceller, List<Long> ids) {
		this.cancelLog.copyCancelled(table, canceller, ids);
	}

	/** Records an operator action in the current transaction. */
	void audited(OperatorAction action, EventTable<?> table, int rows, String detail) {
		this.audit.record(action, table.type().name(), rows, detail);
	}

}
