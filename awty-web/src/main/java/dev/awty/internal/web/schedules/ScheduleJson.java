package dev.awty.internal.web.schedules;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import org.jspecify.annotations.Nullable;

import dev.awty.recurring.InvalidScheduleException;
import dev.awty.recurring.MisfirePolicy;
import dev.awty.recurring.RecurringSchedule;
import dev.awty.recurring.ScheduleDefinition;
import dev.awty.recurring.ScheduleVersion;

/**
 * The JSON of the schedule endpoints: the answers, as records whose components are the fields in their order, and
 * the reading of a request's objects into definitions, checking each field's presence and type so that a bad request
 * names the field. Every field of an answer is written, {@code null} included, whatever the application's own
 * default, since callers test for {@code null}.
 */
final class ScheduleJson {

	private static final Set<String> FIELDS = Set.of("id", "expression", "timeZone", "payload", "channel",
			"misfirePolicy", "deadline", "enabled");

	private ScheduleJson() {
	}

	static ScheduleDefinition definition(Map<String, Object> json, @Nullable String pathId) {
		for (String field : json.keySet()) {
			if (!FIELDS.contains(field)) {
				throw new InvalidScheduleException(field, "Unknown field '" + field + "'; known fields are " + FIELDS);
			}
		}
		String id = text(json, "id");
		if (pathId != null) {
			if (id != null && !id.equals(pathId)) {
				throw new InvalidScheduleException("id",
						"The id in the body ('" + id + "') differs from the id in the path ('" + pathId + "')");
			}
			id = pathId;
		}
		String expression = text(json, "expression");
		if (id == null || id.isBlank()) {
			throw new InvalidScheduleException("id", "'id' is required");
		}
		if (expression == null) {
			throw new InvalidScheduleException("expression",
					"'expression' is required: a cron expression, @every <duration> or @at <instant>");
		}
		ScheduleDefinition definition = ScheduleDefinition.of(id, expression);
		String timeZone = text(json, "timeZone");
		if (timeZone != null) {
			definition = definition.withTimeZone(timeZone);
		}
		definition = definition.withPayload(text(json, "payload")).withChannel(text(json, "channel"));
		String misfirePolicy = text(json, "misfirePolicy");
		if (misfirePolicy != null) {
			definition = definition.withMisfirePolicy(MisfirePolicy.of(misfirePolicy));
		}
		String deadline = text(json, "deadline");
		if (deadline != null) {
			definition = definition.withDeadline(deadline);
		}
		Object enabled = json.get("enabled");
		if (enabled != null && !(enabled instanceof Boolean)) {
			throw new InvalidScheduleException("enabled", "'enabled' must be true or false");
		}
		return definition.withEnabled(enabled == null || (Boolean) enabled);
	}

	static List<ScheduleDefinition> definitions(List<@Nullable Map<String, Object>> json) {
		List<ScheduleDefinition> definitions = new ArrayList<>(json.size());
		for (int i = 0; i < json.size(); i++) {
			Map<String, Object> item = json.get(i);
			if (item == null) {
				throw new InvalidScheduleException("body", "Item " + i + " of the batch is null; each item must be an "
						+ "object with id and expression");
			}
			definitions.add(definition(item, null));
		}
		return definitions;
	}

	/** A schedule as it is now. */
	@JsonInclude(Include.ALWAYS)
	record Schedule(String id, String expression, String timeZone, @Nullable String payload, @Nullable String channel,
			String misfirePolicy, @Nullable String deadline, boolean enabled, long version, @Nullable String nextFireAt,
			@Nullable String lastFiredAt, boolean completed, int attempts, @Nullable String lastError, String createdAt,
			String updatedAt) {

		static Schedule of(RecurringSchedule schedule) {
			return new Schedule(schedule.id(), schedule.expression(), schedule.timeZone(), schedule.payload(),
					schedule.channel(), schedule.misfirePolicy().value(), text(schedule.deadline()), schedule.enabled(),
					schedule.version(), text(schedule.nextFireAt()), text(schedule.lastFiredAt()), schedule.completed(),
					schedule.attempts(), schedule.lastError(), schedule.createdAt().toString(),
					schedule.updatedAt().toString());
		}

	}

	/** One version of a schedule, as it was defined until the next. */
	@JsonInclude(Include.ALWAYS)
	record Version(String id, long version, String expression, String timeZone, @Nullable String payload,
			@Nullable String channel, String misfirePolicy, @Nullable String deadline, boolean enabled,
			String changedAt) {

		static Version of(ScheduleVersion version) {
			return new Version(version.scheduleId(), version.version(), version.expression(), version.timeZone(),
					version.payload(), version.channel(), version.misfirePolicy().value(), text(version.deadline()),
					version.enabled(), version.changedAt().toString());
		}

	}

	/** How many schedules a batch created. */
	record Created(int created) {
	}

	/** The event an occurrence fired now was published as. */
	record Fired(String id, String eventId) {
	}

	/** The next fire times of a schedule, as ISO-8601 instants. */
	record FireTimes(String id, List<String> fireTimes) {
	}

	/** Why a request was refused: its status again, the field at fault ({@code access}, {@code body}, …) and why. */
	record Failure(int status, String field, String error) {
	}

	private static @Nullable String text(@Nullable Object value) {
		return (value != null) ? value.toString() : null;
	}

	private static @Nullable String text(Map<String, Object> json, String field) {
		Object value = json.get(field);
		if (value == null || value instanceof String) {
			return (String) value;
		}
		throw new InvalidScheduleException(field, "'" + field + "' must be a JSON string");
	}

}
