package dev.awty.internal.recurring;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * The occurrences of a schedule that a misfire policy dropped in one claim: how many, the first and the last.
 *
 * @param count how many were dropped; a lower bound when {@code atLeast}
 * @param first the first occurrence dropped; {@code null} when none was
 * @param last the last occurrence dropped; {@code null} when none was, or when the count is a lower bound
 * @param atLeast whether counting stopped at {@link Occurrences#MAX_COUNTED} (a cron schedule missed for long)
 */
public record SkippedOccurrences(long count, @Nullable Instant first, @Nullable Instant last, boolean atLeast) {

	public static final SkippedOccurrences NONE = new SkippedOccurrences(0, null, null, false);

	public boolean isEmpty() {
		return this.count == 0;
	}

	/** These and then {@code later}, which come after all of these. */
	public SkippedOccurrences and(SkippedOccurrences later) {
		if (isEmpty()) {
			return later;
		}
		if (later.isEmpty()) {
			return this;
		}
		return new SkippedOccurrences(this.count + later.count, this.first, later.last, this.atLeast || later.atLeast);
	}

	/** What the history entry says, e.g. {@code skipped 9 occurrences from 2026-01-01T00:00:01Z to …:09Z}. */
	public String describe(String policy) {
		String counted = (this.atLeast ? "more than " : "") + this.count
				+ ((this.count == 1) ? " occurrence" : " occurrences");
		String until = (this.last != null) ? " to " + this.last : "";
		return "skipped " + counted + " from " + this.first + until + " (misfire policy " + policy + ")";
	}

}
