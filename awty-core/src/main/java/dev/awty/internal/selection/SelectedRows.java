package dev.awty.internal.selection;

import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.awty.AwtyException;
import dev.awty.EventStatus;
import dev.awty.ScheduledEntity;
import dev.awty.internal.support.PendingWrites;
import dev.awty.internal.table.EventTable;

/**
 * The rows one selection names, and how its statements are run: every statement binds the caller's parameters,
 * sees the caller's pending JPA writes, and reports a database failure as the selection's.
 */
final class SelectedRows<T extends ScheduledEntity> {

	private static final String SELECTED_IDS = "SELECT e.id %s";

	private final EventTable<T> table;

	private final SelectionCriteria criteria;

	private final PendingWrites pendingWrites;

	private final SelectionShape shape;

	SelectedRows(SelectionContext<T> context, SelectionCriteria criteria) {
		this.table = context.table();
		this.criteria = criteria;
		this.pendingWrites = context.pendingWrites();
		this.shape = new SelectionShape(context.table(), criteria, context.joinIndexes());
	}

	EventTable<T> table() {
		return this.table;
	}

	SelectionCriteria criteria() {
		return this.criteria;
	}

	SelectionShape shape() {
		return this.shape;
	}

	/** The ids of the selected rows in {@code statuses}, as a sub-select. */
	String ids(List<EventStatus> statuses) {
		return SELECTED_IDS.formatted(this.shape.fromWhere(statuses));
	}

	/** {@code template} over the selected rows in the statuses the caller asked for. */
	JdbcClient.StatementSpec selected(String template) {
		return statement(template.formatted(this.shape.fromWhere(this.criteria.statuses())), this.criteria.statuses());
	}

	/**
	 * {@code template} over the selected rows in the caller's statuses, for a statement that also names them by id
	 * ({@code :awtyRowIds}): reading the joined tables first would read every joined row to find a handful.
	 */
	JdbcClient.StatementSpec selectedByIds(String template) {
		return sent(template.formatted(this.shape.fromWhereByIds(this.criteria.statuses())), this.criteria.statuses());
	}

	JdbcClient.StatementSpec statement(String sql, List<EventStatus> statuses) {
		return sent(this.shape.asSent(sql), statuses);
	}

	private JdbcClient.StatementSpec sent(String sql, List<EventStatus> statuses) {
		return this.table.jdbc()
			.sql(sql)
			.params(this.criteria.params())
			.param("awtyStatuses", statuses.stream().map(Enum::name).toList());
	}

	/** Runs a write in the caller's transaction, else in one of awty's own: never in the pool's auto-commit. */
	<R> R write(Supplier<R> statements) {
		return run(() -> Objects.requireNonNull(this.table.transactions().execute((status) -> statements.get())));
	}

	<R> R run(Supplier<R> query) {
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

}
