package dev.awty.internal.dashboard;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.awty.history.DeliveryHistory;
import dev.awty.history.DeliveryRecord;
import dev.awty.recurring.RecurringSchedule;
import dev.awty.recurring.RecurringSchedules;

/**
 * The recurring schedules for the dashboard, read only: a page of schedules by id prefix, and the history of one.
 * Changing schedules stays with {@link RecurringSchedules} and its REST endpoints.
 */
public final class DashboardSchedules {

	private final @Nullable RecurringSchedules schedules;

	private final DeliveryHistory history;

	/** @param schedules the schedules, or {@code null} when recurring schedules are off */
	public DashboardSchedules(@Nullable RecurringSchedules schedules, DeliveryHistory history) {
		this.schedules = schedules;
		this.history = history;
	}

	boolean enabled() {
		return this.schedules != null;
	}

	/**
	 * Schedules whose id starts with {@code prefix}, after {@code afterId}, in id order.
	 * @throws IllegalArgumentException if the limit is out of range
	 */
	List<Map<String, @Nullable Object>> page(String prefix, @Nullable String afterId, int limit) {
		requireLimit(limit);
		return schedules().list(prefix, afterId, limit).stream().map(DashboardSchedules::describe).toList();
	}

	/**
	 * The newest history entries of one schedule's occurrences, newest first.
	 * @throws IllegalArgumentException if the id or the limit is not valid
	 */
	List<Map<String, @Nullable Object>> history(String scheduleId, int limit) {
		requireLimit(limit);
		schedules();
		return this.history.forSchedule(scheduleId, limit).stream().map(DashboardSchedules::describe).toList();
	}

	private RecurringSchedules schedules() {
		if (this.schedules == null) {
			throw new DashboardResponses.NotFound("Recurring schedules are off (awty.recurring.enabled=false)");
		}
		return this.schedules;
	}

	private static void requireLimit(int limit) {
		if (limit < 1 || limit > DashboardRows.MAX_ROWS) {
			throw new IllegalArgumentException("limit must be between 1 and " + DashboardRows.MAX_ROWS + ", was " + limit);
		}
	}

	private static Map<String, @Nullable Object> describe(RecurringSchedule schedule) {
		Map<String, @Nullable Object> described = new LinkedHashMap<>();
		described.put("id", schedule.id());
		described.put("expression", schedule.expression());
		described.put("timeZone", schedule.timeZone());
		described.put("channel", schedule.channel());
		described.put("enabled", schedule.enabled());
		described.put("nextFireAt", text(schedule.nextFireAt()));
		described.put("lastFiredAt", text(schedule.lastFiredAt()));
		described.put("attempts", schedule.attempts());
		described.put("lastError", schedule.lastError());
		// A failed attempt leaves attempts above 0 until an occurrence is published again.
		described.put("lastOutcome", (schedule.attempts() > 0) ? "FAILING"
				: (schedule.lastFiredAt() != null) ? "PUBLISHED" : null);
		return described;
	}

	private static Map<String, @Nullable Object> describe(DeliveryRecord entry) {
		Map<String, @Nullable Object> described = new LinkedHashMap<>();
		described.put("finishedAt", entry.finishedAt().toString());
		described.put("outcome", entry.outcome().name());
		described.put("dueAt", text(entry.dueAt()));
		described.put("eventId", entry.eventId());
		described.put("attempts", entry.attempts());
		described.put("error", entry.error());
		described.put("durationMillis", entry.durationMillis());
		described.put("instanceId", entry.instanceId());
		return described;
	}

	private static @Nullable String text(@Nullable Instant instant) {
		return (instant != null) ? instant.toString() : null;
	}

}
