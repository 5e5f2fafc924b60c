package dev.awty.internal.selection;

import java.sql.ResultSetMetaData;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.util.Assert;

import dev.awty.EventStatus;
import dev.awty.ScheduledEntity;
import dev.awty.internal.model.Identifiers;
import dev.awty.repository.ChangeResult;
import dev.awty.repository.Selection;

/**
 * A {@link Selection} over one event table. The FROM and WHERE part is assembled from validated identifiers
 * and the caller's SQL text; every value is a named parameter. Parameter names starting with {@code awty}
 * are awty's own.
 */
final class JdbcSelection<T extends ScheduledEntity> implements Selection<T>, JoinedColumns {

	private static final String SELECT_ROWS = "SELECT e.* %s ORDER BY e.due_at, e.id LIMIT :awtyLimit OFFSET :awtyOffset";

	private static final String NEWEST_ROWS = "SELECT e.* %s ORDER BY e.id DESC LIMIT :awtyLimit";

	private static final String COUNT_ROWS = "SELECT COUNT(*) %s";

	// %s is the joined table's alias, validated by join(); the statement's own %s stays for the FROM and WHERE part.
	private static final String JOINED_COLUMNS = "SELECT e.id AS awty_row_id, %s.* %%s AND e.id IN (:awtyRowIds)";

	private final SelectionContext<T> context;

	private final SelectionCriteria criteria;

	private final SelectedRows<T> rows;

	private final SelectionChanges<T> changes;

	JdbcSelection(SelectionContext<T> context) {
		this(context, SelectionCriteria.pendingRows());
	}

	private JdbcSelection(SelectionContext<T> context, SelectionCriteria criteria) {
		this.context = context;
		this.criteria = criteria;
		this.rows = new SelectedRows<>(context, criteria);
		this.changes = new SelectionChanges<>(this.rows, context);
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
				(value instanceof Instant instant) ? this.context.table().dialect().timestampParameter(instant) : value));
	}

	@Override
	public Selection<T> withStatus(EventStatus... statuses) {
		Assert.notEmpty(statuses, "statuses must not be empty");
		return with(this.criteria.withStatuses(List.of(statuses)));
	}

	private JdbcSelection<T> with(SelectionCriteria criteria) {
		return new JdbcSelection<>(this.context, criteria);
	}

	@Override
	public List<T> list(int limit) {
		return page(0, limit);
	}

	@Override
	public List<T> page(int offset, int limit) {
		Assert.isTrue(offset >= 0, () -> "offset must not be negative, was " + offset);
		Assert.isTrue(limit >= 1, () -> "limit must be at least 1, was " + limit);
		return this.rows.run(() -> this.rows.selected(SELECT_ROWS)
			.param("awtyLimit", limit)
			.param("awtyOffset", offset)
			.query(this.context.table().type().mapper().rows())
			.list());
	}

	@Override
	public List<T> newest(int limit) {
		Assert.isTrue(limit >= 1, () -> "limit must be at least 1, was " + limit);
		return this.rows.run(() -> this.rows.selected(NEWEST_ROWS)
			.param("awtyLimit", limit)
			.query(this.context.table().type().mapper().rows())
			.list());
	}

	@Override
	public long count() {
		return this.rows.run(() -> this.rows.selected(COUNT_ROWS).query(Long.class).single());
	}

	@Override
	public Map<Long, Map<String, @Nullable Object>> joinedColumns(Collection<Long> rowIds) {
		Map<Long, Map<String, @Nullable Object>> columns = new LinkedHashMap<>();
		if (rowIds.isEmpty()) {
			return columns;
		}
		for (SelectionCriteria.Join join : this.criteria.joins()) {
			this.rows.run(() -> {
				this.rows.selectedByIds(JOINED_COLUMNS.formatted(join.alias()))
					.param("awtyRowIds", List.copyOf(rowIds))
					.query((RowCallbackHandler) (rs) -> {
						Map<String, @Nullable Object> row = columns.computeIfAbsent(rs.getLong(1),
								(id) -> new LinkedHashMap<>());
						ResultSetMetaData meta = rs.getMetaData();
						for (int i = 2; i <= meta.getColumnCount(); i++) {
							Object value = rs.getObject(i);
							row.put(join.alias() + "." + meta.getColumnLabel(i).toLowerCase(Locale.ROOT),
									(value == null || value instanceof Number || value instanceof Boolean) ? value
											: rs.getString(i));
						}
					});
				return columns;
			});
		}
		return columns;
	}

	@Override
	public ChangeResult rescheduleTo(Instant dueAt) {
		return this.changes.rescheduleTo(dueAt);
	}

	@Override
	public ChangeResult shiftBy(Duration offset) {
		return this.changes.shiftBy(offset);
	}

	@Override
	public ChangeResult deliverNow() {
		return this.changes.deliverNow();
	}

	@Override
	public ChangeResult cancel() {
		return this.changes.cancel();
	}

	@Override
	public ChangeResult retry() {
		return this.changes.retry();
	}

	@Override
	public String toString() {
		return "Selection " + this.criteria.describe(this.context.table().type().table());
	}

}
