package dev.awty.internal.outcome;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

import dev.awty.ScheduledEntity;

/**
 * What became of one claimed row in this cycle, before it is written.
 *
 * @param eventId the {@code awty_event_id} the row's history entry carries
 * @param checkCount the row's {@code check_count} when it was claimed (0 for types without a handler)
 * @param nextAt the next check's instant, for {@link Kind#CHECK_AGAIN}
 * @param error why the attempt failed, for {@link Kind#FAILED_ATTEMPT} and {@link Kind#STOPPED}
 */
public record RowResult<T extends ScheduledEntity>(T row, Kind kind, String eventId, int checkCount, @Nullable Instant nextAt,
		@Nullable String error, long durationMillis) {

	public enum Kind {

		/** Published and finished. */
		DELIVERED,

		/** Finished by its handler, without the default message. */
		FINISHED,

		/** Kept pending until {@code nextAt}. */
		CHECK_AGAIN,

		/** Publishing or the handler failed: retried with backoff, or FAILED after max attempts. */
		FAILED_ATTEMPT,

		/** FAILED at once by a guard. */
		STOPPED

	}

	public static <T extends ScheduledEntity> RowResult<T> of(T row, Kind kind, String eventId, int checkCount,
			long durationMillis) {
		return new RowResult<>(row, kind, eventId, checkCount, null, null, durationMillis);
	}

	/** This row as a failed attempt, for {@code error}. */
	public RowResult<T> failed(String error) {
		return new RowResult<>(this.row, Kind.FAILED_ATTEMPT, this.eventId, this.checkCount, null, error,
				this.durationMillis);
	}

	boolean finishes() {
		return this.kind == Kind.DELIVERED || this.kind == Kind.FINISHED;
	}

}
