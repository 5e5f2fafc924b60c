package dev.awty.internal.claim;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

import org.jspecify.annotations.Nullable;

import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionOperations;

import dev.awty.spi.SqlDialect;

/**
 * Keeps the {@link ClaimLimits} of one event type across instances. Every claim of the type first locks the type's
 * row in {@code awty_type_limit}, so claims take turns and each sees the rows the ones before it claimed (which the
 * one-row-per-key claim relies on). For a rate, the row is a bucket of tokens refilled by the database's clock: a
 * claim takes the tokens available, claims at most that many rows in the same transaction and keeps what it did not
 * use. The lock is held for one claim statement, never while rows are delivered.
 * <p>
 * That row is one lock for the whole cluster, so a claim bounds its transaction where the database can (see
 * {@link TurnBound}): it waits at most {@link TurnBound#BOUND} for its turn, and an instance that
 * stops talking to the database while it holds the turn (its VM froze, its network split) has its session ended by
 * the database after that long, its lock released and its claim rolled back, instead of stopping the type on every
 * instance until the database notices the dead session.
 */
public final class ClaimLimiter {

	private static final String LOCK_TYPE = """
			SELECT tokens, refilled_at, CURRENT_TIMESTAMP AS now_at FROM awty_type_limit
			WHERE type_name = :type FOR UPDATE
			""";

	private static final String CREATE_TYPE = """
			INSERT INTO awty_type_limit (type_name, tokens, refilled_at) VALUES (:type, :tokens, CURRENT_TIMESTAMP)
			""";

	private static final String FIND_TYPE = "SELECT type_name FROM awty_type_limit WHERE type_name = :type";

	private static final String SPEND_TOKENS = """
			UPDATE awty_type_limit SET tokens = :tokens, refilled_at = :refilledAt WHERE type_name = :type
			""";

	/**
	 * Tokens are handed out in lots of what accrues in this time, at least one: a claim for a single token as soon as
	 * it accrued would cost a claim statement per row.
	 */
	static final Duration LOT = Duration.ofMillis(50);

	/** While rows of a keyed type are in flight here, how soon to look for rows their keys held back. */
	static final Duration KEY_RECHECK = Duration.ofMillis(50);

	private final String typeName;

	private final ClaimLimits limits;

	private final JdbcClient jdbc;

	private final TransactionOperations transaction;

	private final SqlDialect dialect;

	private final String lockType;

	private final String createType;

	private final TurnBound turnBound;

	/** Batches of the type this instance is delivering. */
	private final AtomicInteger batchesInFlight = new AtomicInteger();

	/** How long until the rate grants a lot again, from the last claim that got none; zero when it got some. */
	private volatile long waitNanos;

	private volatile boolean created;

	/** Whether the last claim took rows: in flight before a worker starts on them, and rows of their keys may wait. */
	private volatile boolean lastClaimTookRows;

	/**
	 * @param typeName the type whose claims are limited
	 * @param jdbc and {@code transaction}, {@code dialect}: those of the type's table
	 * @param limits limits of the type; at least one
	 */
	public ClaimLimiter(String typeName, JdbcClient jdbc, TransactionOperations transaction, SqlDialect dialect,
			ClaimLimits limits) {
		if (!limits.any()) {
			throw new IllegalArgumentException("no limits for type '" + typeName + "'");
		}
		this.typeName = typeName;
		this.limits = limits;
		this.jdbc = jdbc;
		this.transaction = transaction;
		this.dialect = dialect;
		this.lockType = this.dialect.withDatabaseNow(LOCK_TYPE);
		this.createType = this.dialect.withDatabaseNow(CREATE_TYPE);
		this.turnBound = new TurnBound(this.dialect, this.jdbc);
	}

	/**
	 * Runs {@code claim} with the number of rows it may take: {@code wanted}, or fewer (even none, without running it)
	 * when the rate has no more tokens now.
	 * @return what {@code claim} claimed, and how many rows it was allowed
	 */
	public <T> Limited<T> claim(int wanted, IntFunction<EventClaims.Claimed<T>> claim) {
		if (!this.created) {
			create();
		}
		Limited<T> limited;
		try {
			limited = Objects.requireNonNull(this.transaction.execute((status) -> {
				this.turnBound.apply();
				return claimTakingTurns(wanted, claim);
			}));
		}
		catch (CannotAcquireLockException ex) {
			throw new CannotAcquireLockException("another instance has held the turn of type '" + this.typeName
					+ "' (its row in awty_type_limit) for more than " + TurnBound.BOUND.toMillis()
					+ " ms; the poller looks again after its pause", ex);
		}
		this.lastClaimTookRows = !limited.claimed().rows().isEmpty();
		return limited;
	}

	/** Counts a batch of the type that this instance starts ({@code 1}) or finishes ({@code -1}) delivering. */
	public void processing(int batches) {
		this.batchesInFlight.addAndGet(batches);
	}

	/**
	 * Shortens a poller's sleep: to when the rate grants a lot again after a claim that got none, and, for a keyed
	 * type with rows in flight here, to a quick look for rows that waited for their key.
	 */
	public Duration shorten(Duration delay) {
		Duration shortened = delay;
		long wait = this.waitNanos;
		if (wait > 0) {
			shortened = min(shortened, Duration.ofNanos(Math.max(wait, NextDue.SHORTEST.toNanos())));
		}
		if (this.limits.keyColumn() != null && (this.lastClaimTookRows || this.batchesInFlight.get() > 0)) {
			shortened = min(shortened, KEY_RECHECK);
		}
		return shortened;
	}

	private <T> Limited<T> claimTakingTurns(int wanted, IntFunction<EventClaims.Claimed<T>> claim) {
		List<Bucket> locked = this.jdbc.sql(this.lockType).param("type", this.typeName).query(this::bucket).list();
		if (locked.isEmpty()) {
			this.created = false;
			throw new IllegalStateException("awty_type_limit lost the row of type '" + this.typeName
					+ "' (deleted by hand?); it is created again for the next claim");
		}
		ClaimLimits.Rate rate = this.limits.rate();
		if (rate == null) {
			return new Limited<>(claim.apply(wanted), wanted);
		}
		Bucket bucket = locked.get(0);
		double available = bucket.available(rate);
		int lot = Math.min(wanted, lot(rate));
		int granted = (int) Math.min(wanted, Math.floor(available));
		if (granted < lot) {
			this.waitNanos = (long) Math.ceil((lot - available) / rate.perNano());
			return new Limited<>(new EventClaims.Claimed<>(List.of(), null), 0);
		}
		this.waitNanos = 0;
		EventClaims.Claimed<T> claimed = claim.apply(granted);
		int used = claimed.rows().size() + claimed.unreadable().size();
		this.jdbc.sql(SPEND_TOKENS)
			.param("tokens", available - used)
			.param("refilledAt", this.dialect.timestampParameter(bucket.now()))
			.param("type", this.typeName)
			.update();
		return new Limited<>(claimed, granted);
	}

	private void create() {
		ClaimLimits.Rate rate = this.limits.rate();
		if (!this.jdbc.sql(FIND_TYPE).param("type", this.typeName).query().listOfRows().isEmpty()) {
			this.created = true;
			return;
		}
		try {
			// In a transaction of its own: on PostgreSQL a duplicate key would spoil the claim's transaction.
			this.transaction.executeWithoutResult((status) -> this.jdbc.sql(this.createType)
				.param("type", this.typeName)
				.param("tokens", (rate != null) ? (double) rate.permits() : null, Types.DOUBLE)
				.update());
		}
		catch (DuplicateKeyException ex) {
			// another instance created it first
		}
		this.created = true;
	}

	private Bucket bucket(ResultSet rs, int row) throws SQLException {
		double tokens = rs.getDouble("tokens");
		boolean full = rs.wasNull();
		Instant now = Objects.requireNonNull(this.dialect.readTimestamp(rs, NextDue.NOW_AT));
		Instant refilledAt = this.dialect.readTimestamp(rs, "refilled_at");
		return new Bucket(full ? null : tokens, (refilledAt != null) ? refilledAt : now, now);
	}

	private static int lot(ClaimLimits.Rate rate) {
		return (int) Math.min(rate.permits(), Math.max(1, Math.floor(rate.perNano() * LOT.toNanos())));
	}

	private static Duration min(Duration a, Duration b) {
		return (a.compareTo(b) <= 0) ? a : b;
	}

	/**
	 * What one claim was allowed and took.
	 * @param permits how many rows the claim was allowed to take; fewer claimed means nothing more is due now
	 */
	public record Limited<T>(EventClaims.Claimed<T> claimed, int permits) {
	}

	/**
	 * The type's row: {@code tokens} as of {@code refilledAt}, {@code null} for a full bucket (a row created without a
	 * rate).
	 */
	private record Bucket(@Nullable Double tokens, Instant refilledAt, Instant now) {

		double available(ClaimLimits.Rate rate) {
			if (this.tokens == null) {
				return rate.permits();
			}
			long elapsed = Math.max(0, Duration.between(this.refilledAt, this.now).toNanos());
			return Math.min(rate.permits(), this.tokens + elapsed * rate.perNano());
		}

	}

}
