package dev.awty.internal.web.dashboard;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.awty.history.DeliveryHistory;
import dev.awty.recurring.InvalidScheduleException;
import dev.awty.recurring.RecurringSchedule;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.recurring.ScheduleNotFoundException;

/**
 * The recurring schedules for the dashboard: a page of schedules by id prefix, the history of one, and pausing,
 * resuming and deleting one through {@link RecurringSchedules}, which keeps their versions.
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
		DashboardRows.requireLimit(limit);
		return schedules().list(prefix, afterId, limit).stream().map(DashboardSchedules::describe).toList();
	}

	/**
	 * The newest history entries of one schedule's occurrences, newest first.
	 * @throws IllegalArgumentException if the id or the limit is not valid
	 */
	List<Map<String, @Nullable Object>> history(String scheduleId, int limit) {
		DashboardRows.requireLimit(limit);
		schedules();
		return this.history.forSchedule(scheduleId, limit).stream().map(DashboardHistory::describe).toList();
	}

	/**
	 * The next {@code count} fire times of one schedule, as ISO-8601 instants.
	 * @throws IllegalArgumentException if the count is not valid
	 * @throws DashboardResponses.NotFound if there is no schedule with this id
	 */
	List<String> next(String id, int count) {
		try {
			return schedules().nextFireTimes(id, count).stream().map(Object::toString).toList();
		}
		catch (InvalidScheduleException ex) {
			throw new IllegalArgumentException(ex.getMessage(), ex);
		}
		catch (ScheduleNotFoundException ex) {
			throw new DashboardResponses.NotFound("No schedule with id '" + id
					+ "'; it may have been deleted meanwhile: list the schedules again");
		}
	}

	/**
	 * Pauses, resumes, fires now (adding {@code firedEventId}) or deletes a schedule.
	 * @return the schedule as it is now, or {@code null} once deleted
	 * @throws IllegalArgumentException if the action is unknown
	 * @throws DashboardResponses.NotFound if there is no schedule with this id
	 */
	@Nullable Map<String, @Nullable Object> act(String id, String action) {
		RecurringSchedules schedules = schedules();
		try {
			return switch (action) {
				case "pause" -> describe(schedules.pause(id));
				case "resume" -> describe(schedules.resume(id));
				case "fire-now" -> {
					String eventId = schedules.fireNow(id);
					Map<String, @Nullable Object> fired = new LinkedHashMap<>(
							describe(schedules.get(id).orElseThrow(() -> new ScheduleNotFoundException(id))));
					fired.put("firedEventId", eventId);
					yield fired;
				}
				case "delete" -> {
					if (!schedules.delete(id)) {
						throw new ScheduleNotFoundException(id);
					}
					yield null;
				}
				default -> throw new IllegalArgumentException(
						"Unknown schedule action '" + action + "'; use pause, resume, fire-now or delete");
			};
		}
		catch (ScheduleNotFoundException ex) {
			throw new DashboardResponses.NotFound("No schedule with id '" + id
					+ "'; it may have been deleted meanwhile: list the schedules again");
		}
	}

	private RecurringSchedules schedules() {
		if (this.schedules == null) {
			throw new DashboardResponses.NotFound("Recurring schedules are off (awty.recurring.enabled=false)");
		}
		return this.schedules;
	}

	private static Map<String, @Nullable Object> describe(RecurringSchedule schedule) {
		Map<String, @Nullable Object> described = new LinkedHashMap<>();
		described.put("id", schedule.id());
		described.put("expression", schedule.expression());
		described.put("timeZone", schedule.timeZone());
		described.put("channel", schedule.channel());
		described.put("enabled", schedule.enabled());
		described.put("version", schedule.version());
		described.put("state", !schedule.enabled() ? "PAUSED" : schedule.completed() ? "COMPLETED" : "ACTIVE");
		described.put("nextFireAt", text(schedule.nextFireAt()));
		described.put("lastFiredAt", text(schedule.lastFiredAt()));
		described.put("attempts", schedule.attempts());
		described.put("lastError", schedule.lastError());
		// A failed attempt leaves attempts above 0 until an occurrence is published again.
		described.put("lastOutcome", (schedule.attempts() > 0) ? "FAILING"
				: (schedule.lastFiredAt() != null) ? "PUBLISHED" : null);
		return described;
	}

	private static @Nullable String text(@Nullable Instant instant) {
		return (instant != null) ? instant.toString() : null;
	}

}
