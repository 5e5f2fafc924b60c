package dev.awty.internal.observe;

import java.time.Duration;
import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * One type's rows as its table showed them at {@code measuredAt} (the database's clock).
 *
 * @param overdue pending rows whose due time has passed
 * @param oldestOverdue how long the oldest overdue row has been due; zero when none is overdue
 * @param deliveredLastHour rows marked delivered in the hour before {@code measuredAt}; {@code null} when
 * the type deletes delivered rows, so its table cannot tell
 */
public record Backlog(String type, long pending, long overdue, Duration oldestOverdue, long failed,
		@Nullable Long deliveredLastHour, Instant measuredAt) {

	public boolean behindBy(Duration maxOverdue) {
		return this.oldestOverdue.compareTo(maxOverdue) > 0;
	}

}
