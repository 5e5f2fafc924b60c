package dev.awty.internal.web.dashboard;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.awty.history.DeliveryHistory;
import dev.awty.history.DeliveryOutcome;
import dev.awty.history.DeliveryRecord;

/**
 * The delivery history for the dashboard: a type's latest failures with their error text, and one row's timeline.
 */
final class DashboardHistory {

	/** The outcomes whose entries say why something failed. */
	private static final List<DeliveryOutcome> FAILURES = List.of(DeliveryOutcome.FAILED, DeliveryOutcome.RETRY);

	/** The longest period one search of failures reads: a year, longer than any sensible retention. */
	static final int MAX_HOURS = 366 * 24;

	private final DeliveryHistory history;

	DashboardHistory(DeliveryHistory history) {
		this.history = history;
	}

	/**
	 * The entries of {@code type} with a failure outcome in the last {@code hours}, newest first.
	 * @param outcome {@code FAILED} (rows given up) or {@code RETRY} (failed attempts)
	 * @throws IllegalArgumentException if the outcome, the period or the limit is not valid
	 */
	List<Map<String, @Nullable Object>> failures(String type, String outcome, int hours, int limit) {
		DashboardRows.requireLimit(limit);
		if (hours < 1 || hours > MAX_HOURS) {
			throw new IllegalArgumentException("hours must be between 1 and " + MAX_HOURS + ", was " + hours);
		}
		DeliveryOutcome failure = FAILURES.stream().filter((candidate) -> candidate.name().equalsIgnoreCase(outcome))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("outcome must be one of " + FAILURES + ", was '" + outcome
					+ "'"));
		return this.history.recent(type, failure, Duration.ofHours(hours), limit)
			.stream()
			.map(DashboardHistory::describe)
			.toList();
	}

	/** Everything recorded about one row, earliest first. */
	List<Map<String, @Nullable Object>> timeline(String type, long rowId) {
		return this.history.ofRow(type, rowId).stream().map(DashboardHistory::describe).toList();
	}

	static Map<String, @Nullable Object> describe(DeliveryRecord entry) {
		Map<String, @Nullable Object> described = new LinkedHashMap<>();
		described.put("finishedAt", entry.finishedAt().toString());
		described.put("outcome", entry.outcome().name());
		described.put("rowId", (entry.scheduleId() == null) ? entry.rowId() : null);
		described.put("scheduleId", entry.scheduleId());
		described.put("scheduleVersion", entry.scheduleVersion());
		described.put("dueAt", text(entry.dueAt()));
		described.put("eventId", entry.eventId());
		described.put("attempts", entry.attempts());
		described.put("checkCount", entry.checkCount());
		described.put("error", entry.error());
		described.put("durationMillis", entry.durationMillis());
		described.put("instanceId", entry.instanceId());
		return described;
	}

	private static @Nullable String text(@Nullable Instant instant) {
		return (instant != null) ? instant.toString() : null;
	}

}
