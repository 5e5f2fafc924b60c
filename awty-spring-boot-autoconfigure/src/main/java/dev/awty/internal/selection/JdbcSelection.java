package dev.awty.internal.selection;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.util.Assert;

import dev.awty.AwtyException;
import dev.awty.EventStatus;
import dev.awty.ScheduledEntity;
import dev.awty.internal.wakeup.DueSignals;
import dev.awty.internal.wakeup.DueTimeSlots;
import dev.awty.internal.claim.EventTable;
import dev.awty.internal.model.Identifiers;
import dev.awty.internal.support.PendingWrites;
import dev.awty.repository.ChangeResult;
import dev.awty.repository.Selection;

/**
 * A {@link Selection} over one event table. The FROM and WHERE part is assembled from validated identifiers
 * and the caller's SQL text; every value is a named parameter. Parameter names starting with {@code awty}
 * are awty's own.
 */
final class JdbcSelection<T extends ScheduledEntity> implements Selection<T> {

	private static final String SELECT_ROWS = "SELECT e.* %s ORDER BY e.due_at, e.id LIMIT :awtyLimit OFFSET :awtyOffset";

	private static final String NEWEST_ROWS = "SELECT e.* %s ORDER BY e.id DESC LIMIT :awtyLimit";

	private static final String COUNT_ROWS = "SELECT COUNT(*) %s";

	private static final String SELECTED_IDS = "SELECT e.id %s";

	private final EventTable<T> table;

	private final DueSignals dueSignals;

	private final DueTimeSlots slots;

	private final @Nullable CancelLog cancelLog;

	private final SelectionCriteria criteria;

	private final PendingWrites pendingWrites;

	private final JoinIndexes joinIndexes;

	private final SelectionShape shape;

	JdbcSelection(EventTable<T> table, DueSignals dueSignals, DueTimeSlots slots, @Nullable CancelLog cancelLog,
			PendingWrites pendingWrites, JoinIndexes joinIndexes) {
		this(table, dueSignals, slots, cancelLog, pendingWrites, joinIndexes, SelectionCriteria.pendingRows());
	}

	private JdbcSelection(EventTable<T> table, DueSignals dueSignals, DueTimeSlots slots, @Nullable CancelLog cancelLog,
			PendingWrites pendingWrites, JoinIndexes joinIndexes, SelectionCriteria criteria) {
		this.pendingWrites = pendingWrites;
		this.joinIndexes = joinIndexes;
		this.table = table;
		this.dueSignals = dueSignals;
		this.slots = slots;
		this.cancelLog = cancelLog;
		this.criteria = criteria;
		this.shape = new SelectionShape(table, criteria, joinIndexes);
	}

	@Override
	public Selection<T> join(String table, String alias, String on) {
		Assert.hasText(on, "on must not be empty");
		PredicateText.requireSingleCondition(on, "join condition");
		Identifiers.requireValidArgument(table, "joined table name");
		Identifiers.requireValidArgument(alias, "table alias");
		Assert.isTrue(!alias.equalsIgnoreCase("e"), "alias 'e' is the scheduled table's; choose another alias");
		return with(this.criteria.join(new SelectionCriteria.Join(table, alias, on)));
	}

	@Override
	public Selection<T> where(String predicate) {
		Assert.hasText(predicate, "predicate must not be empty");
		PredicateText.requireSingleCondition(predicate, "predicate");
		return with(this.criteria.where("(" + predicate + ")"));
	}

	@Override
	public Selection<T> param(String name, @Nullable Object value) {
		Identifiers.requireValidArgument(name, "parameter name");
		Assert.isTrue(!name.startsWith("awty"), () -> "parameter names starting with 'awty' are reserved: " + name);
		return with(this.criteria.param(name,
				(value instanceof Instant instant) ? this.table.dialect().timestampParameter(instant) : value));
	}

	@Override
	public Selection<T> withStatus(EventStatus... statuses) {
		Assert.notEmpty(statuses, "statuses must not be empty");
		return with(this.criteria.withStatuses(List.of(statuses)));
	}

	private JdbcSelection<T> with(SelectionCriteria criteria) {
		return new JdbcSelection<>(this.table, this.dueSignals, this.slots, this.cancelLog, this.pendingWrites,
				this.joinIndexes, criteria);
	}

	@Override
	public List<T> list(int limit) {
		return page(0, limit);
	}

	@Override
	public List<T> page(int offset, int limit) {
		Assert.isTrue(offset >= 0, () -> "offset must not be negative, was " + offset);
		Assert.isTrue(limit >= 1, () -> "limit must be at least 1, was " + limit);
		return run(() -> selected(SELECT_ROWS)
			.param("awtyLimit", limit)
			.param("awtyOffset", offset)
			.query((rs, row) -> this.table.type().mapper().read(rs))
			.list());
	}

	@Override
	public List<T> newest(int limit) {
		Assert.isTrue(limit >= 1, () -> "limit must be at least 1, was " + limit);
		return run(() -> selected(NEWEST_ROWS)
			.param("awtyLimit", limit)
			.query((rs, row) -> this.table.type().mapper().read(rs))
			.list());
	}

	@Override
	public long count() {
		return run(() -> selected(COUNT_ROWS).query(Long.class).single());
	}

	@Override
	public ChangeResult rescheduleTo(Instant dueAt) {
		Assert.notNull(dueAt, "dueAt must not be null");
		Instant slot = this.slots.roundUp(this.table.type().name(), dueAt);
		return changePending(SelectionStatements.RESCHEDULE,
				Map.of("awtyDueAt", this.table.dialect().timestampParameter(slot)), slot);
	}

	@Override
	public ChangeResult shiftBy(Duration offset) {
		Assert.notNull(offset, "offset must not be null");
		return changePending(this.table.dialect().shiftPendingRows(), Map.of("awtyMillis", offset.toMillis()), null);
	}

	@Override
	public ChangeResult deliverNow() {
		return changePending(SelectionStatements.DELIVER_NOW, Map.of(), Instant.now());
	}

	@Override
	public ChangeResult cancel() {
		CancelLog log = this.cancelLog;
		if (log == null || !log.records(this.table.type().name())) {
			return changePending(SelectionStatements.CANCEL, Map.of(), null);
		}
		String cancelAndCopy = log.cancelAndCopy(this.table, SelectionStatements.CANCEL);
		if (cancelAndCopy != null) {
			return changePending(cancelAndCopy, log.values(this.table), null);
		}
		String canceller = log.newCanceller();
		return log.inTransaction(() -> {
			ChangeResult result = changePending(SelectionStatements.CANCEL_MARKED, Map.of("awtyCanceller", canceller),
					null);
			if (result.changed() > 0) {
				// Any status: an index serves the caller's condition, none serves status CANCELLED alone.
				List<EventStatus> any = List.of(EventStatus.values());
				String ids = SELECTED_IDS.formatted(this.shape.fromWhere(any));
				Map<String, @Nullable Object> params = new HashMap<>(this.criteria.params());
				params.put("awtyStatuses", any.stream().map(Enum::name).toList());
				run(() -> {
					log.copyCancelled(this.table, canceller, this.shape.selectedRows(ids), this.shape.idIn(ids), params,
							this.shape::asSent);
					return null;
				});
			}
			return result;
		});
	}

	@Override
	public ChangeResult retry() {
		List<EventStatus> failed = List.of(EventStatus.FAILED);
		String ids = SELECTED_IDS.formatted(this.shape.fromWhere(failed));
		String retry = this.shape.withDatabaseNow(SelectionStatements.RETRY)
			.formatted(this.shape.selectedRows(ids), ids, this.shape.idIn(ids));
		return write(() -> signalled(new ChangeResult(statement(retry, failed).update(), 0), Instant.now()));
	}

	// Inside the write's transaction: the NOTIFY to other instances must commit with it (a pool that does not
	// auto-commit would roll a NOTIFY sent afterwards back), and the local wake-up follows the commit.
	private ChangeResult signalled(ChangeResult result, @Nullable Instant dueAt) {
		if (dueAt != null && result.changed() > 0) {
			this.dueSignals.rowsDue(this.table, dueAt);
		}
		return result;
	}

	private ChangeResult changePending(String template, Map<String, Object> values, @Nullable Instant wakeAt) {
		List<EventStatus> pending = List.of(EventStatus.PENDING);
		String ids = SELECTED_IDS.formatted(this.shape.fromWhere(pending));
		String tableName = this.shape.selectedRows(ids);
		return write(() -> {
			// awty's "now" is rewritten before the caller's predicate is filled in, which is left as written.
			String change = this.shape.withDatabaseNow(template).formatted(tableName, ids, this.shape.idIn(ids));
			int changed = statement(change, pending).params(values)
				.update();
			String countInFlight = this.shape.withDatabaseNow(SelectionStatements.COUNT_IN_FLIGHT).formatted(tableName, ids,
					this.shape.idIn(ids));
			long inFlight = statement(countInFlight, pending).query(Long.class).single();
			return signalled(new ChangeResult(changed, (int) inFlight), wakeAt);
		});
	}

	/** {@code template} over the selected rows in the statuses the caller asked for. */
	private JdbcClient.StatementSpec selected(String template) {
		return statement(template.formatted(this.shape.fromWhere(this.criteria.statuses())), this.criteria.statuses());
	}

	private JdbcClient.StatementSpec statement(String sql, List<EventStatus> statuses) {
		return this.table.jdbc()
			.sql(this.shape.asSent(sql))
			.params(this.criteria.params())
			.param("awtyStatuses", statuses.stream().map(Enum::name).toList());
	}

	/** Runs a write in the caller's transaction, else in one of awty's own: never in the pool's auto-commit. */
	private <R> R write(Supplier<R> statements) {
		return run(() -> Objects.requireNonNull(this.table.transactions().execute((status) -> statements.get())));
	}

	private <R> R run(Supplier<R> query) {
		// Before every statement: it must see the caller's JPA writes (a join to a row saved a moment ago).
		this.pendingWrites.flush();
		try {
			return query.get();
		}
		catch (DataAccessException ex) {
			throw new AwtyException("Selection of event type '" + this.table.type().name() + "' failed: "
					+ NestedExceptionUtils.getMostSpecificCause(ex).getMessage(), ex);
		}
	}

	@Override
	public String toString() {
		return "Selection " + this.criteria.describe(this.table.type().table());
	}

}
