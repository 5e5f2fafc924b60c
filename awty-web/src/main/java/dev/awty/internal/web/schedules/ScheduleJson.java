package dev.awty.internal.web.schedules;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import dev.awty.recurring.InvalidScheduleException;
import dev.awty.recurring.MisfirePolicy;
import dev.awty.recurring.RecurringSchedule;
import dev.awty.recurring.ScheduleDefinition;
import dev.awty.recurring.ScheduleVersion;

/**
 * Converts between JSON objects and schedules, checking each field's presence and type so that a bad request
 * names the field.
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

	static Map<String, @Nullable Object> toJson(RecurringSchedule schedule) {
		Map<String, @Nullable Object> json = new LinkedHashMap<>();
		json.put("id", schedule.id());
		json.put("expression", schedule.expression());
		json.put("timeZone", schedule.timeZone());
		json.put("payload", schedule.payload());
		json.put("channel", schedule.channel());
		json.put("misfirePolicy", schedule.misfirePolicy().value());
		json.put("deadline", (schedule.deadline() != null) ? schedule.deadline().toString() : null);
		json.put("enabled", schedule.enabled());
		json.put("version", schedule.version());
		json.put("nextFireAt", text(schedule.nextFireAt()));
		json.put("lastFiredAt", text(schedule.lastFiredAt()));
		json.put("completed", schedule.completed());
		json.put("attempts", schedule.attempts());
		json.put("lastError", schedule.lastError());
		json.put("createdAt", text(schedule.createdAt()));
		json.put("updatedAt", text(schedule.updatedAt()));
		return json;
	}

	static Map<String, @Nullable Object> toJson(ScheduleVersion version) {
		Map<String, @Nullable Object> json = new LinkedHashMap<>();
		json.put("id", version.scheduleId());
		json.put("version", version.version());
		json.put("expression", version.expression());
		json.put("timeZone", version.timeZone());
		json.put("payload", version.payload());
		json.put("channel", version.channel());
		json.put("misfirePolicy", version.misfirePolicy().value());
		json.put("deadline", (version.deadline() != null) ? version.deadline().toString() : null);
		json.put("enabled", version.enabled());
		json.put("changedAt", text(version.changedAt()));
		return json;
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
