package dev.awty.internal.outcome;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.awty.ScheduledEntity;
import dev.awty.history.DeliveryOutcome;
import dev.awty.history.HistoryMode;
import dev.awty.internal.history.LogEntry;

/**
 * Collects the history entries of one write, for the outcomes the type's history mode records.
 */
final class HistoryEntries {

	private final String typeName;

	private final HistoryMode history;

	private final String instanceId;

	private final int maxAttempts;

	private final List<LogEntry> entries = new ArrayList<>();

	HistoryEntries(String typeName, HistoryMode history, String instanceId, int maxAttempts) {
		this.typeName = typeName;
		this.history = history;
		this.instanceId = instanceId;
		this.maxAttempts = maxAttempts;
	}

	<T extends ScheduledEntity> void finished(List<RowResult<T>> results) {
		results.forEach((result) -> add(result, (result.kind() == RowResult.Kind.DELIVERED) ? DeliveryOutcome.DELIVERED
				: DeliveryOutcome.FINISHED, null));
	}

	<T extends ScheduledEntity> void failed(List<RowResult<T>> results) {
		for (RowResult<T> result : results) {
			boolean last = result.row().getAttempts() + 1 >= this.maxAttempts;
			add(result, last ? DeliveryOutcome.FAILED : DeliveryOutcome.RETRY, result.error());
		}
	}

	<T extends ScheduledEntity> void stopped(List<RowResult<T>> results) {
		results.forEach((result) -> add(result, DeliveryOutcome.FAILED, result.error()));
	}

	List<LogEntry> entries() {
		return this.entries;
	}

	private void add(RowResult<?> result, DeliveryOutcome outcome, @Nullable String error) {
		if (this.history.records(outcome)) {
			ScheduledEntity row = result.row();
			this.entries.add(new LogEntry(this.typeName, row.getId(), result.eventId(), row.getDueAt(),
					row.getAttempts() + 1, result.checkCount(), outcome, error, result.durationMillis(), this.instanceId));
		}
	}

}
