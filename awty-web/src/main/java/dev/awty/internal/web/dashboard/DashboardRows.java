package dev.awty.internal.web.dashboard;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import org.jspecify.annotations.Nullable;

import dev.awty.EventStatus;
import dev.awty.ScheduledEntity;
import dev.awty.internal.model.EventType;
import dev.awty.internal.selection.JoinedColumns;
import dev.awty.repository.ChangeResult;
import dev.awty.repository.EventRepositories;
import dev.awty.repository.Selection;
import dev.awty.repository.SelectionFilter;

/**
 * Finds and changes rows of a type for the dashboard through {@link EventRepositories}: by row id, or by a
 * {@link SelectionFilter} the application declared, whose value is bound, never put into SQL.
 */
final class DashboardRows {

	static final int MAX_ROWS = 500;

	private final EventRepositories repositories;

	private final List<SelectionFilter<?>> filters;

	DashboardRows(EventRepositories repositories, List<SelectionFilter<?>> filters) {
		this.repositories = repositories;
		this.filters = filters;
	}

	List<String> filterNames(EventType<?> type) {
		return this.filters.stream().filter((filter) -> filter.type() == type.entityClass())
			.map(SelectionFilter::name).toList();
	}

	/**
	 * Pending rows earliest due first; rows of other statuses, or of all, most recently scheduled first.
	 * @param status a status name or {@code ALL}
	 * @throws IllegalArgumentException if a value is not valid, naming it
	 */
	<T extends ScheduledEntity> List<Row> search(EventType<T> type, String status,
			@Nullable String id, @Nullable String filterName, @Nullable String value, int limit) {
		requireLimit(limit);
		Selection<T> selection = this.repositories.select(type.entityClass()).withStatus(statuses(status));
		if (id != null && !id.isBlank()) {
			selection = selection.where("e.id = :rowId").param("rowId", rowId(id));
		}
		if (filterName != null && !filterName.isBlank()) {
			selection = filter(type, filterName).apply(selection, (value != null) ? value.strip() : "");
		}
		// Only pending rows have an index by due time; sorting every delivered row by it would read the whole table.
		boolean pendingOnly = statuses(status).length == 1 && statuses(status)[0] == EventStatus.PENDING;
		Map<Long, Row> rows = new LinkedHashMap<>();
		for (T row : pendingOnly ? selection.list(limit) : selection.newest(limit)) {
			rows.put(row.getId(), Row.of(type, row));
		}
		// What a filter joined is what the operator searched by: show it next to each row found.
		if (selection instanceof JoinedColumns joined) {
			joined.joinedColumns(rows.keySet())
				.forEach((rowId, columns) -> rows.computeIfPresent(rowId, (key, row) -> row.joining(columns)));
		}
		return new ArrayList<>(rows.values());
	}

	/**
	 * @throws IllegalArgumentException if the action is unknown or a value is missing
	 */
	<T extends ScheduledEntity> ChangeResult act(EventType<T> type, String action, List<Long> ids,
			@Nullable Instant dueAt) {
		if (ids.isEmpty() || ids.size() > MAX_ROWS) {
			throw new IllegalArgumentException("ids must name 1 to " + MAX_ROWS + " rows, was " + ids.size());
		}
		Selection<T> selection = this.repositories.select(type.entityClass()).where("e.id IN (:rowIds)")
			.param("rowIds", ids);
		return switch (action) {
			case "deliver-now" -> selection.deliverNow();
			case "cancel" -> selection.cancel();
			case "retry" -> selection.retry();
			case "reschedule" -> {
				if (dueAt == null) {
					throw new IllegalArgumentException("dueAt is required to reschedule, e.g. 2030-01-01T12:00:00Z");
				}
				yield selection.rescheduleTo(dueAt);
			}
			default -> throw new IllegalArgumentException(
					"Unknown action '" + action + "'; use deliver-now, reschedule, cancel or retry");
		};
	}

	@SuppressWarnings("unchecked")
	private <T extends ScheduledEntity> SelectionFilter<T> filter(EventType<T> type, String name) {
		return (SelectionFilter<T>) this.filters.stream()
			.filter((filter) -> filter.type() == type.entityClass() && filter.name().equals(name))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("Type '" + type.name() + "' has no filter '" + name
					+ "'; its filters are " + filterNames(type)));
	}

	static void requireLimit(int limit) {
		if (limit < 1 || limit > MAX_ROWS) {
			throw new IllegalArgumentException("limit must be between 1 and " + MAX_ROWS + ", was " + limit);
		}
	}

	private static EventStatus[] statuses(String status) {
		if ("ALL".equalsIgnoreCase(status)) {
			return EventStatus.values();
		}
		try {
			return new EventStatus[] { EventStatus.valueOf(status.toUpperCase()) };
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException("status must be ALL or one of " + List.of(EventStatus.values())
					+ ", was '" + status + "'");
		}
	}

	static long rowId(String id) {
		try {
			return Long.parseLong(id.strip());
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("id must be a row number, was '" + id + "'");
		}
	}

	/**
	 * A row as the page shows it: its base columns, its own columns by name and, when a filter joined other tables,
	 * what it joined by {@code alias.column}; {@code joined} is left out otherwise. Every other field is written,
	 * {@code null} included.
	 */
	@JsonInclude(Include.ALWAYS)
	record Row(@Nullable Long id, String status, @Nullable String dueAt, int attempts, int version,
			@Nullable String claimedBy, @Nullable String claimedUntil, @Nullable String deliveredAt,
			@Nullable String lastError, Map<String, @Nullable Object> columns,
			@JsonInclude(Include.NON_NULL) @Nullable Map<String, @Nullable Object> joined) {

		static <T extends ScheduledEntity> Row of(EventType<T> type, T row) {
			return new Row(row.getId(), row.getStatus().name(), text(row.getDueAt()), row.getAttempts(),
					row.getVersion(), row.getClaimedBy(), text(row.getClaimedUntil()), text(row.getDeliveredAt()),
					row.getLastError(), type.mapper().ownValues(row), null);
		}

		Row joining(Map<String, @Nullable Object> joined) {
			return new Row(this.id, this.status, this.dueAt, this.attempts, this.version, this.claimedBy,
					this.claimedUntil, this.deliveredAt, this.lastError, this.columns, joined);
		}

	}

	private static @Nullable String text(@Nullable Instant instant) {
		return (instant != null) ? instant.toString() : null;
	}

}
