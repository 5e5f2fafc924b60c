package dev.awty.internal.web.dashboard;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
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
	List<Schedule> page(String prefix, @Nullable String afterId, int limit) {
		DashboardRows.requireLimit(limit);
		return schedules().list(prefix, afterId, limit).stream().map(Schedule::of).toList();
	}

	/**
	 * The newest history entries of one schedule's occurrences, newest first.
	 * @throws IllegalArgumentException if the id or the limit is not valid
	 */
	List<DashboardHistory.Entry> history(String scheduleId, int limit) {
		DashboardRows.requireLimit(limit);
		schedules();
		return this.history.forSchedule(scheduleId, limit).stream().map(DashboardHistory.Entry::of).toList();
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
	@Nullable Schedule act(String id, String action) {
		RecurringSchedules schedules = schedules();
		try {
			return switch (action) {
				case "pause" -> Schedule.of(schedules.pause(id));
				case "resume" -> Schedule.of(schedules.resume(id));
				case "fire-now" -> {
					String eventId = schedules.fireNow(id);
					yield Schedule.of(schedules.get(id).orElseThrow(() -> new ScheduleNotFoundException(id)))
						.firing(eventId);
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

	/**
	 * A schedule as the page shows it, with {@code firedEventId} only once fired now. Every other field is written,
	 * {@code null} included.
	 * @param lastOutcome {@code FAILING} while attempts fail, {@code PUBLISHED} once an occurrence was, else
	 * {@code null}
	 */
	@JsonInclude(Include.ALWAYS)
	record Schedule(String id, String expression, String timeZone, @Nullable String channel, boolean enabled,
			long version, String state, @Nullable String nextFireAt, @Nullable String lastFiredAt, int attempts,
			@Nullable String lastError, @Nullable String lastOutcome,
			@JsonInclude(Include.NON_NULL) @Nullable String firedEventId) {

		static Schedule of(RecurringSchedule schedule) {
			// A failed attempt leaves attempts above 0 until an occurrence is published again.
			String lastOutcome = (schedule.attempts() > 0) ? "FAILING"
					: (schedule.lastFiredAt() != null) ? "PUBLISHED" : null;
			return new Schedule(schedule.id(), schedule.expression(), schedule.timeZone(), schedule.channel(),
					schedule.enabled(), schedule.version(),
					!schedule.enabled() ? "PAUSED" : schedule.completed() ? "COMPLETED" : "ACTIVE",
					text(schedule.nextFireAt()), text(schedule.lastFiredAt()), schedule.attempts(),
					schedule.lastError(), lastOutcome, null);
		}

		Schedule firing(String eventId) {
			return new Schedule(this.id, this.expression, this.timeZone, this.channel, this.enabled, this.version,
					this.state, this.nextFireAt, this.lastFiredAt, this.attempts, this.lastError, this.lastOutcome,
					eventId);
		}

	}

	private static @Nullable String text(@Nullable Instant instant) {
		return (instant != null) ? instant.toString() : null;
	}

}
