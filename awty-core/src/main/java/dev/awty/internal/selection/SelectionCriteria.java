package dev.awty.internal.selection;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.awty.EventStatus;

/**
 * What a selection selects: its joins, predicates, bound values and statuses. Immutable; each change
 * returns a copy.
 */
record SelectionCriteria(List<SelectionCriteria.Join> joins, List<String> predicates, Map<String, @Nullable Object> params,
		List<EventStatus> statuses) {

	static SelectionCriteria pendingRows() {
		return new SelectionCriteria(List.of(), List.of(), Map.of(), List.of(EventStatus.PENDING));
	}

	/** A caller's joined table: its name, its alias and its join condition. */
	record Join(String table, String alias, String on) {
	}

	SelectionCriteria join(Join join) {
		return new SelectionCriteria(append(this.joins, join), this.predicates, this.params, this.statuses);
	}

	SelectionCriteria where(String predicate) {
		return new SelectionCriteria(this.joins, append(this.predicates, predicate), this.params, this.statuses);
	}

	SelectionCriteria param(String name, @Nullable Object value) {
		Map<String, @Nullable Object> params = new HashMap<>(this.params);
		params.put(name, value);
		return new SelectionCriteria(this.joins, this.predicates, Collections.unmodifiableMap(params), this.statuses);
	}

	SelectionCriteria withStatuses(List<EventStatus> statuses) {
		return new SelectionCriteria(this.joins, this.predicates, this.params, statuses);
	}

	boolean hasJoins() {
		return !this.joins.isEmpty();
	}

	/**
	 * The FROM and WHERE part over {@code table} (alias {@code e}), for rows in {@code statuses}: the joins in the
	 * caller's order, or, where the dialect gives {@code joinedTablesFirst} (see
	 * {@link dev.awty.spi.DialectSelections#joinedTablesFirst()}), the joined tables read first.
	 */
	String fromWhere(String table, @Nullable String joinedTablesFirst) {
		StringBuilder sql = new StringBuilder();
		if (joinedTablesFirst != null && hasJoins()) {
			sql.append(joinedTablesFirst.formatted(table,
					String.join(" CROSS JOIN ", this.joins.stream().map((join) -> join.table() + " " + join.alias()).toList()),
					String.join(" AND ", this.joins.stream().map((join) -> "(" + join.on() + ")").toList())));
		}
		else {
			sql.append("FROM ").append(table).append(" e");
			for (Join join : this.joins) {
				sql.append(" JOIN ").append(join.table()).append(' ').append(join.alias())
					.append(" ON (").append(join.on()).append(')');
			}
			sql.append(" WHERE e.status IN (:awtyStatuses)");
		}
		for (String predicate : this.predicates) {
			sql.append(" AND ").append(predicate);
		}
		return sql.toString();
	}

	/**
	 * The selection as the audit records it: the joins and conditions as written, with the values bound to them, so
	 * that an entry answers "which rows" without the statement awty sent.
	 */
	String auditText() {
		StringBuilder text = new StringBuilder();
		for (Join join : this.joins) {
			text.append("JOIN ").append(join.table()).append(' ').append(join.alias()).append(" ON (")
				.append(join.on()).append(") ");
		}
		text.append(this.predicates.isEmpty() ? "every row" : "WHERE " + String.join(" AND ", this.predicates));
		if (!this.params.isEmpty()) {
			text.append(' ').append(this.params);
		}
		return text.toString();
	}

	String describe(String table) {
		return fromWhere(table, null) + " " + Arrays.toString(this.params.keySet().toArray());
	}

	private static <E> List<E> append(List<E> list, E item) {
		List<E> copy = new ArrayList<>(list);
		copy.add(item);
		return List.copyOf(copy);
	}

}
