package dev.awty.internal.selection;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

import org.springframework.util.Assert;

import dev.awty.EventStatus;
import dev.awty.ScheduledEntity;
import dev.awty.audit.OperatorAction;
import dev.awty.internal.audit.AuditLog;
import dev.awty.internal.checks.RunningChecks;
import dev.awty.internal.wakeup.DueSignals;
import dev.awty.internal.wakeup.DueTimeSlots;
import dev.awty.repository.ChangeResult;

/**
 * What a selection changes: pending rows moved, delivered now or cancelled, failed rows retried. Each change counts
 * the rows it could not change because they are being published, and wakes the pollers when rows fell due sooner.
 */
final class SelectionChanges<T extends ScheduledEntity> {

	/** Within what H2's timestamp arithmetic (nanoseconds in a long, about 292 years) adds without overflowing. */
	static final Duration LONGEST_SHIFT = Duration.ofDays(36_525);

	private final SelectedRows<T> rows;

	private final DueSignals dueSignals;

	private final DueTimeSlots slots;

	private final @Nullable CancelLog cancelLog;

	private final AuditLog audit;

	private final @Nullable RunningChecks runningChecks;

	SelectionChanges(SelectedRows<T> rows, SelectionContext<T> context) {
		this.rows = rows;
		this.audit = context.audit();
		this.runningChecks = context.runningChecks();
		this.dueSignals = context.dueSignals();
		this.slots = context.slots();
		this.cancelLog = context.cancelLog();
	}

	ChangeResult rescheduleTo(Instant dueAt) {
		Assert.notNull(dueAt, "dueAt must not be null");
		Instant slot = this.slots.roundUp(this.rows.table().type().name(), dueAt);
		return changePending(SelectionStatements.RESCHEDULE,
				Map.of("awtyDueAt", this.rows.table().dialect().timestampParameter(slot)), slot, null);
	}

	/**
	 * Moved earlier, rows may be due sooner than any poller expects: they are told to look now, and look up the next
	 * due time from there.
	 */
	ChangeResult shiftBy(Duration offset) {
		Assert.notNull(offset, "offset must not be null");
		if (offset.compareTo(LONGEST_SHIFT) > 0 || offset.compareTo(LONGEST_SHIFT.negated()) < 0) {
			throw new IllegalArgumentException("shiftBy moves rows by at most " + LONGEST_SHIFT.toDays()
					+ " days (100 years) either way, not " + offset + "; to set a due time that far, use rescheduleTo");
		}
		long micros = offset.toNanos() / 1_000;
		return changePending(this.rows.table().dialect().shiftPendingRows(),
				Map.of("awtyMicros", micros, "awtyMillis", offset.toMillis()), offset.isNegative() ? Instant.now() : null,
				null);
	}

	ChangeResult deliverNow() {
		return changePending(SelectionStatements.DELIVER_NOW, Map.of(), Instant.now(), OperatorAction.DELIVER_NOW);
	}

	/**
	 * Cancels the selected pending rows. Those of a type with a handler are cancelled even while claimed (their
	 * handler may be running): the handler calls running here are interrupted once the cancel commits, those on
	 * other instances by their heartbeat, which finds the rows gone.
	 */
	ChangeResult cancel() {
		String typeName = this.rows.table().type().name();
		RunningChecks checks = this.runningChecks;
		boolean handled = checks != null && checks.handled(typeName);
		CancelLog log = this.cancelLog;
		if (log == null || !log.records(typeName)) {
			return handled ? cancelClaimed(SelectionStatements.CANCEL_CHECK, Map.of())
					: changePending(SelectionStatements.CANCEL, Map.of(), null, OperatorAction.CANCEL);
		}
		String cancel = handled ? SelectionStatements.CANCEL_CHECK : SelectionStatements.CANCEL;
		String cancelAndCopy = log.cancelAndCopy(this.rows.table(), cancel);
		if (cancelAndCopy != null) {
			return handled ? cancelClaimed(cancelAndCopy, log.values(this.rows.table()))
					: changePending(cancelAndCopy, log.values(this.rows.table()), null, OperatorAction.CANCEL);
		}
		String canceller = log.newCanceller();
		return log.inTransaction(() -> {
			Map<String, Object> values = Map.of("awtyCanceller", canceller);
			ChangeResult result = handled ? cancelClaimed(SelectionStatements.CANCEL_CHECK_MARKED, values)
					: changePending(SelectionStatements.CANCEL_MARKED, values, null, OperatorAction.CANCEL);
			if (result.changed() > 0) {
				// Any status: an index serves the caller's condition, none serves status CANCELLED alone.
				List<EventStatus> any = List.of(EventStatus.values());
				String ids = this.rows.ids(any);
				Map<String, @Nullable Object> params = new HashMap<>(this.rows.criteria().params());
				params.put("awtyStatuses", any.stream().map(Enum::name).toList());
				SelectionShape shape = this.rows.shape();
				this.rows.run(() -> {
					log.copyCancelled(this.rows.table(), canceller, shape.selectedRows(ids), shape.idIn(ids), params,
							shape::asSent);
					return null;
				});
			}
			return result;
		});
	}

	/**
	 * Runs {@code template}, a cancel that takes claimed rows too, having read which of them were claimed, and
	 * interrupts their handler calls on this instance once it commits (at once without a transaction to follow).
	 * Nothing is in flight: a call that already returned has its outcome and buffered messages dropped before its
	 * part is sent.
	 */
	private ChangeResult cancelClaimed(String template, Map<String, Object> values) {
		List<EventStatus> pending = List.of(EventStatus.PENDING);
		String ids = this.rows.ids(pending);
		SelectionShape shape = this.rows.shape();
		String tableName = shape.selectedRows(ids);
		String typeName = this.rows.table().type().name();
		RunningChecks checks = Objects.requireNonNull(this.runningChecks);
		return this.rows.write(() -> {
			String claimedIds = shape.withDatabaseNow(SelectionStatements.CLAIMED_IDS)
				.formatted(tableName, ids, shape.idIn(ids), this.rows.table().type().table())
					+ this.rows.table().dialect().selections().latestCommittedRead();
			List<Long> claimed = this.rows.statement(claimedIds, pending).query(Long.class).list();
			String change = shape.withDatabaseNow(template).formatted(tableName, ids, shape.idIn(ids));
			int changed = this.rows.statement(change, pending).params(values).update();
			checks.cancelledOnCommit(typeName, claimed);
			audited(OperatorAction.CANCEL, changed);
			return new ChangeResult(changed, 0);
		});
	}

	ChangeResult retry() {
		List<EventStatus> failed = List.of(EventStatus.FAILED);
		String ids = this.rows.ids(failed);
		SelectionShape shape = this.rows.shape();
		String retry = shape.withDatabaseNow(SelectionStatements.RETRY)
			.formatted(shape.selectedRows(ids), ids, shape.idIn(ids));
		return this.rows.write(() -> {
			int changed = this.rows.statement(retry, failed).update();
			audited(OperatorAction.RETRY, changed);
			return signalled(new ChangeResult(changed, 0), Instant.now());
		});
	}

	// Inside the write's transaction: the NOTIFY to other instances must commit with it (a pool that does not
	// auto-commit would roll a NOTIFY sent afterwards back), and the local wake-up follows the commit.
	private ChangeResult signalled(ChangeResult result, @Nullable Instant dueAt) {
		if (dueAt != null && result.changed() > 0) {
			this.dueSignals.rowsDue(this.rows.table(), dueAt);
		}
		return result;
	}

	// In the change's transaction: the entry commits with the rows it counts.
	private void audited(@Nullable OperatorAction action, int changed) {
		if (action != null) {
			this.audit.record(action, this.rows.table().type().name(), changed, this.rows.criteria().auditText());
		}
	}

	private ChangeResult changePending(String template, Map<String, Object> values, @Nullable Instant wakeAt,
			@Nullable OperatorAction action) {
		List<EventStatus> pending = List.of(EventStatus.PENDING);
		String ids = this.rows.ids(pending);
		SelectionShape shape = this.rows.shape();
		String tableName = shape.selectedRows(ids);
		return this.rows.write(() -> {
			// awty's "now" is rewritten before the caller's predicate is filled in, which is left as written.
			String change = shape.withDatabaseNow(template).formatted(tableName, ids, shape.idIn(ids));
			int changed = this.rows.statement(change, pending).params(values).update();
			String countInFlight = shape.withDatabaseNow(SelectionStatements.COUNT_IN_FLIGHT)
				.formatted(tableName, ids, shape.idIn(ids))
					+ this.rows.table().dialect().selections().latestCommittedRead();
			long inFlight = this.rows.statement(countInFlight, pending).query(Long.class).single();
			audited(action, changed);
			return signalled(new ChangeResult(changed, (int) inFlight), wakeAt);
		});
	}

}
