package dev.awty.internal.claim;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;

import org.jspecify.annotations.Nullable;

import dev.awty.spi.SqlDialect;

/**
 * When the earliest unclaimed row (or schedule) that is not yet due becomes due, read with the database's clock in
 * the same statement, so that the sleep until then does not depend on how far the JVM's clock is off.
 *
 * @param nextAt its due time; {@code null} when there is none
 * @param now the database's clock when it was read
 */
public record NextDue(@Nullable Instant nextAt, Instant now) {

	/** The columns a next-due query returns: the due time and the database's clock. */
	public static final String NEXT_AT = "next_at";

	public static final String NOW_AT = "now_at";

	/** The shortest sleep: a row inside the claim-ahead is claimed after this, still before it is due. */
	public static final Duration SHORTEST = Duration.ofMillis(20);

	/** Reads the row of a next-due query, whose columns are {@link #NEXT_AT} and {@link #NOW_AT}. */
	public static NextDue read(ResultSet rs, SqlDialect dialect) throws SQLException {
		Instant now = dialect.readTimestamp(rs, NOW_AT);
		if (now == null) {
			throw new IllegalStateException("the database returned no time for " + NOW_AT);
		}
		return new NextDue(dialect.readTimestamp(rs, NEXT_AT), now);
	}

	/**
	 * How long a poller may sleep and still claim that row {@code claimAhead} before it is due: {@link #SHORTEST}
	 * when that time has come, {@code longest} when it is later or there is no such row.
	 */
	public Duration sleep(Duration claimAhead, Duration longest) {
		if (this.nextAt == null) {
			return longest;
		}
		Duration untilClaim = Duration.between(this.now, this.nextAt).minus(claimAhead);
		// Not zero: a row the claim just skipped (locked by a transaction still open) is found again by this look-up,
		// and claiming again at once would spin until that transaction ends.
		Duration sleep = (untilClaim.compareTo(SHORTEST) < 0) ? SHORTEST : untilClaim;
		return (sleep.compareTo(longest) < 0) ? sleep : longest;
	}

}
