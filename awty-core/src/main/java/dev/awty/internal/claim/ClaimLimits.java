package dev.awty.internal.claim;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * The limits on one event type that hold across all instances: a rate for the whole cluster, and at most one row in
 * flight per value of a key column.
 *
 * @param rate the most rows claimed per period by all instances together; {@code null} for no rate limit
 * @param keyColumn the column whose value has at most one row in flight; {@code null} for no key limit
 */
public record ClaimLimits(@Nullable Rate rate, @Nullable String keyColumn) {

	/** No limits: the type is claimed as fast as its rows are due. */
	public static final ClaimLimits NONE = new ClaimLimits(null, null);

	/** Whether there is any limit, and so claims of the type must take turns through the database. */
	public boolean any() {
		return this.rate != null || this.keyColumn != null;
	}

	/**
	 * At most {@code permits} rows per {@code period}; after an idle spell, at most {@code permits} at once.
	 */
	public record Rate(int permits, Duration period) {

		public Rate {
			if (permits < 1 || period.isNegative() || period.isZero()) {
				throw new IllegalArgumentException("a rate needs at least 1 permit per positive period, was " + permits
						+ " per " + period);
			}
		}

		/** Permits that accrue per nanosecond. */
		double perNano() {
			return this.permits / (double) this.period.toNanos();
		}

	}

}
