package dev.awty.internal.recurring.source;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.awty.history.DeliveryOutcome;
import dev.awty.history.HistoryMode;
import dev.awty.internal.history.DeliveryLogWriter;
import dev.awty.internal.history.LogEntry;
import dev.awty.internal.recurring.OccurrenceMessages;
import dev.awty.internal.recurring.SkippedOccurrences;
import dev.awty.internal.support.LastError;

/**
 * Writes the history entries of occurrences to {@code awty_delivery_log} under the source's name, for the outcomes
 * {@code awty.history.mode} records: one {@code DELIVERED} entry per occurrence published, and one {@code RETRY}
 * entry per schedule whose occurrence failed (a schedule is tried again until it is published, never given up), and
 * one {@code SKIPPED} entry per schedule whose misfire policy dropped occurrences, naming how many, the first and the
 * last.
 * Called in the transaction that records the schedules, so the entries commit exactly with their outcomes.
 */
final class OccurrenceHistory {

	private final HistoryMode mode;

	private final DeliveryLogWriter writer;

	private final String instanceId;

	OccurrenceHistory(HistoryMode mode, DeliveryLogWriter writer, String instanceId) {
		this.mode = mode;
		this.writer = writer;
		this.instanceId = instanceId;
	}

	/** Writes the entries of the schedules whose outcome was recorded, in one batched statement. */
	void write(List<FiredSchedule> fired, Collection<ScheduleOutcomes.Outcome> recorded) {
		if (this.mode == HistoryMode.NONE || recorded.isEmpty()) {
			return;
		}
		// A batch holds each schedule once; its outcome was recorded if the fenced write changed its row.
		Set<String> recordedIds = new HashSet<>();
		recorded.forEach((outcome) -> recordedIds.add(outcome.id()));
		List<LogEntry> entries = new ArrayList<>();
		for (FiredSchedule schedule : fired) {
			if (recordedIds.contains(schedule.outcome().id())) {
				add(entries, schedule);
			}
		}
		this.writer.write(entries);
	}

	/** Writes a {@code RETRY} entry for each schedule that could not be read. */
	void writeUnreadable(List<ScheduleOutcomes.UnreadableSchedule> rows) {
		if (!this.mode.records(DeliveryOutcome.RETRY)) {
			return;
		}
		this.writer.write(rows.stream()
			.map((row) -> LogEntry.ofOccurrence(RecurringSource.NAME, row.id(), null, OccurrenceMessages.EVENT_ID_PREFIX + row.id(),
					null, row.attempts() + 1, DeliveryOutcome.RETRY, fit(row.error()), 0, this.instanceId))
			.toList());
	}

	private void add(List<LogEntry> entries, FiredSchedule fired) {
		String id = fired.schedule().id();
		// The version the occurrences were computed from and published with (header awty_schedule_version).
		Long version = fired.schedule().version();
		int attempt = fired.schedule().attempts() + 1;
		if (this.mode.records(DeliveryOutcome.DELIVERED)) {
			for (Instant occurrence : fired.published()) {
				entries.add(LogEntry.ofOccurrence(RecurringSource.NAME, id, version, OccurrenceMessages.eventId(id, occurrence),
						occurrence, attempt, DeliveryOutcome.DELIVERED, null, fired.durationMillis(), this.instanceId));
			}
		}
		SkippedOccurrences skipped = fired.skipped();
		if (!skipped.isEmpty() && this.mode.records(DeliveryOutcome.SKIPPED)) {
			Instant first = skipped.first();
			entries.add(LogEntry.ofOccurrence(RecurringSource.NAME, id, version, OccurrenceMessages.eventId(id, first),
					first, attempt, DeliveryOutcome.SKIPPED, skipped.describe(fired.schedule().misfirePolicy().value()), 0,
					this.instanceId));
		}
		String error = fired.outcome().error();
		if (error != null && this.mode.records(DeliveryOutcome.RETRY)) {
			Instant occurrence = (fired.failed() != null) ? fired.failed() : fired.schedule().nextFireAt();
			String eventId = (occurrence != null) ? OccurrenceMessages.eventId(id, occurrence)
					: OccurrenceMessages.EVENT_ID_PREFIX + id;
			entries.add(LogEntry.ofOccurrence(RecurringSource.NAME, id, version, eventId, occurrence, attempt,
					DeliveryOutcome.RETRY, fit(error), fired.durationMillis(), this.instanceId));
		}
	}

	private static String fit(String error) {
		return LastError.fit(error, LastError.DEFAULT_LENGTH);
	}

}
