package dev.awty.internal.web.dashboard;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
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
	List<Entry> failures(String type, String outcome, int hours, int limit) {
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
			.map(Entry::of)
			.toList();
	}

	/** Everything recorded about one row, earliest first. */
	List<Entry> timeline(String type, long rowId) {
		return this.history.ofRow(type, rowId).stream().map(Entry::of).toList();
	}

	/**
	 * One history entry as the page shows it: {@code rowId} for a row of an event type, {@code scheduleId} and
	 * {@code scheduleVersion} for an occurrence of a schedule. Every field is written, {@code null} included.
	 */
	@JsonInclude(Include.ALWAYS)
	record Entry(String finishedAt, String outcome, @Nullable Long rowId, @Nullable String scheduleId,
			@Nullable Long scheduleVersion, @Nullable String dueAt, String eventId, int attempts, int checkCount,
			@Nullable String error, long durationMillis, String instanceId) {

		static Entry of(DeliveryRecord entry) {
			return new Entry(entry.finishedAt().toString(), entry.outcome().name(),
					(entry.scheduleId() == null) ? entry.rowId() : null, entry.scheduleId(), entry.scheduleVersion(),
					text(entry.dueAt()), entry.eventId(), entry.attempts(), entry.checkCount(), entry.error(),
					entry.durationMillis(), entry.instanceId());
		}

	}

	private static @Nullable String text(@Nullable Instant instant) {
		return (instant != null) ? instant.toString() : null;
	}

}
