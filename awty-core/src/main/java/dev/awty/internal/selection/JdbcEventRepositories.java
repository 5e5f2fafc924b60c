package dev.awty.internal.selection;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.util.Assert;

import dev.awty.ScheduledEntity;
import dev.awty.internal.audit.AuditLog;
import dev.awty.internal.checks.RunningChecks;
import dev.awty.internal.support.PendingWrites;
import dev.awty.internal.table.EventTable;
import dev.awty.internal.wakeup.DueSignals;
import dev.awty.internal.wakeup.DueTimeSlots;
import dev.awty.repository.EventRepositories;
import dev.awty.repository.Selection;

/**
 * {@link EventRepositories} over the tables of the registered event types.
 */
public final class JdbcEventRepositories implements EventRepositories {

	private final Map<Class<?>, EventTable<?>> tables = new LinkedHashMap<>();

	private final DueSignals dueSignals;

	private final DueTimeSlots slots;

	private final @Nullable CancelLog cancelLog;

	private final PendingWrites pendingWrites;

	private final JoinIndexes joinIndexes = new JoinIndexes();

	private final AuditLog audit;

	private final @Nullable RunningChecks runningChecks;

	public JdbcEventRepositories(Collection<EventTable<?>> tables, DueSignals dueSignals, DueTimeSlots slots) {
		this(tables, dueSignals, slots, null);
	}

	/**
	 * @param cancelLog records cancellations in the history, or {@code null} not to
	 */
	public JdbcEventRepositories(Collection<EventTable<?>> tables, DueSignals dueSignals, DueTimeSlots slots,
			@Nullable CancelLog cancelLog) {
		this(tables, dueSignals, slots, cancelLog, PendingWrites.NONE);
	}

	/**
	 * @param cancelLog records cancellations in the history, or {@code null} not to
	 * @param pendingWrites flushed before each statement of a selection
	 */
	public JdbcEventRepositories(Collection<EventTable<?>> tables, DueSignals dueSignals, DueTimeSlots slots,
			@Nullable CancelLog cancelLog, PendingWrites pendingWrites) {
		this(tables, dueSignals, slots, cancelLog, pendingWrites, AuditLog.NONE, null);
	}

	/**
	 * @param cancelLog records cancellations in the history, or {@code null} not to
	 * @param pendingWrites flushed before each statement of a selection
	 * @param audit records every retry, deliver-now and cancel, with who asked for it
	 * @param runningChecks the handler calls of this instance: a cancel takes the rows of a type with a handler even
	 * while their handler runs, and interrupts it; {@code null} to leave every claimed row alone
	 */
	public JdbcEventRepositories(Collection<EventTable<?>> tables, DueSignals dueSignals, DueTimeSlots slots,
			@Nullable CancelLog cancelLog, PendingWrites pendingWrites, AuditLog audit,
			@Nullable RunningChecks runningChecks) {
		this.audit = audit;
		this.runningChecks = runningChecks;
		this.pendingWrites = pendingWrites;
		this.dueSignals = dueSignals;
		this.slots = slots;
		this.cancelLog = cancelLog;
		tables.forEach((table) -> this.tables.put(table.type().entityClass(), table));
	}

	@Override
	@SuppressWarnings("unchecked")
	public <T extends ScheduledEntity> Selection<T> select(Class<T> type) {
		Assert.notNull(type, "type must not be null");
		EventTable<T> table = (EventTable<T>) this.tables.get(type);
		Assert.notNull(table, () -> type.getName() + " is not a known event type: annotate it with @ScheduledEvent"
				+ " and keep it in or below the package of your @SpringBootApplication class");
		return new JdbcSelection<>(
				new SelectionContext<>(table, this.dueSignals, this.slots, this.cancelLog, this.pendingWrites,
						this.joinIndexes, this.audit, this.runningChecks));
	}

}
