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
record SelectionCriteria(List<String> joins, List<String> predicates, Map<String, @Nullable Object> params,
		List<EventStatus> statuses) {

	static SelectionCriteria pendingRows() {
		return new SelectionCriteria(List.of(), List.of(), Map.of(), List.of(EventStatus.PENDING));
	}

	SelectionCriteria join(String joinClause) {
		return new SelectionCriteria(append(this.joins, joinClause), this.predicates, this.params, this.statuses);
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

	/** The FROM and WHERE part over {@code table} (alias {@code e}), for rows in {@code statuses}. */
	String fromWhere(String table) {
		StringBuilder sql = new StringBuilder("FROM ").append(table).append(" e");
		for (String join : this.joins) {
			sql.append(' ').append(join);
		}
		sql.append(" WHERE e.status IN (:awtyStatuses)");
		for (String predicate : this.predicates) {
			sql.append(" AND ").append(predicate);
		}
		return sql.toString();
	}

	String describe(String table) {
		return fromWhere(table) + " " + Arrays.toString(this.params.keySet().toArray());
	}

	private static List<String> append(List<String> list, String item) {
		List<String> copy = new ArrayList<>(list);
		copy.add(item);
		return List.copyOf(copy);
	}

}
