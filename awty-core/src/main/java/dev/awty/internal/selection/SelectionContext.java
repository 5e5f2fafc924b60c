package dev.awty.internal.selection;

import org.jspecify.annotations.Nullable;

import dev.awty.ScheduledEntity;
import dev.awty.internal.audit.AuditLog;
import dev.awty.internal.checks.RunningChecks;
import dev.awty.internal.support.PendingWrites;
import dev.awty.internal.table.EventTable;
import dev.awty.internal.wakeup.DueSignals;
import dev.awty.internal.wakeup.DueTimeSlots;

/**
 * What every selection of one type shares, whatever its criteria: a refined selection passes it on unchanged.
 *
 * @param table the type's table
 * @param dueSignals wakes the pollers when rows fall due sooner
 * @param slots rounds a new due time up to the type's slot
 * @param cancelLog records cancellations in the history, or {@code null} not to
 * @param pendingWrites flushed before each statement
 * @param joinIndexes which join conditions an index of the scheduled table serves
 * @param audit records the operator actions among the changes (retry, deliver now, cancel)
 * @param runningChecks the handler calls of this instance, which a cancel interrupts, or {@code null} for none
 */
record SelectionContext<T extends ScheduledEntity>(EventTable<T> table, DueSignals dueSignals, DueTimeSlots slots,
		@Nullable CancelLog cancelLog, PendingWrites pendingWrites, JoinIndexes joinIndexes, AuditLog audit,
		@Nullable RunningChecks runningChecks) {

}
