package dev.awty.internal.outcome;

import java.util.ArrayList;
import java.util.List;

import dev.awty.ScheduledEntity;

/**
 * A batch's results sorted by the write each needs, every list in the batch's order.
 *
 * @param finished delivered or finished by the handler: marked (or deleted) in one statement
 * @param failed failed attempts: retried after a backoff, or {@code FAILED} after the last attempt
 * @param checkAgain kept pending until their next check
 * @param stopped {@code FAILED} at once by a guard
 */
record SortedOutcomes<T extends ScheduledEntity>(List<RowResult<T>> finished, List<RowResult<T>> failed,
		List<RowResult<T>> checkAgain, List<RowResult<T>> stopped) {

	static <T extends ScheduledEntity> SortedOutcomes<T> of(List<RowResult<T>> results) {
		List<RowResult<T>> finished = new ArrayList<>();
		List<RowResult<T>> failed = new ArrayList<>();
		List<RowResult<T>> checkAgain = new ArrayList<>();
		List<RowResult<T>> stopped = new ArrayList<>();
		for (RowResult<T> result : results) {
			switch (result.kind()) {
				case DELIVERED, FINISHED -> finished.add(result);
				case FAILED_ATTEMPT -> failed.add(result);
				case CHECK_AGAIN -> checkAgain.add(result);
				case STOPPED -> stopped.add(result);
			}
		}
		return new SortedOutcomes<>(List.copyOf(finished), List.copyOf(failed), List.copyOf(checkAgain),
				List.copyOf(stopped));
	}

	List<Long> finishedIds() {
		return this.finished.stream().map((result) -> result.row().getId()).toList();
	}

}
