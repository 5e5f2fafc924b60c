package dev.awty.internal.recurring;

import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionOperations;

import dev.awty.internal.support.ErrorText;
import dev.awty.internal.support.LastError;
import dev.awty.internal.claim.DueClaim;
import dev.awty.spi.SqlDialect;

/**
 * The delivery side of {@code awty_schedule}: claim due schedules, then record each outcome in one statement
 * that stores the next occurrence together with the delivery mark. Every write is fenced by the schedule's
 * version and the claim token, so a schedule changed or re-claimed meanwhile is left alone.
 */
final class ScheduleClaims {

	private static final String MARK_FIRED = """
			UPDATE awty_schedule SET next_fire_at = :nextFireAt, last_fired_at = :lastFiredAt, attempts = 0,
			       last_error = NULL, claimed_by = NULL, claimed_until = NULL
			WHERE id = :id AND version = :version AND claimed_by = :claimer
			""";

	// Without claimed_by the schedule can be changed at once; the future claimed_until keeps it unclaimable.
	private static final String RECORD_FAILURE = """
			UPDATE awty_schedule SET next_fire_at = :nextFireAt, last_fired_at = :lastFiredAt, attempts = attempts + 1,
			       last_error = :error, claimed_by = NULL, claimed_until = :retryAt
			WHERE id = :id AND version = :version AND claimed_by = :claimer
			""";

	// A row that cannot be read has no next occurrence to store: count the attempt, keep it unclaimable until
	// retryAt, and say why.
	private static final String RECORD_UNREADABLE = """
			UPDATE awty_schedule SET attempts = attempts + 1, last_error = :error, claimed_by = NULL,
			       claimed_until = :retryAt
			WHERE id = :id AND claimed_by = :claimer
			""";

	private static final String RELEASE = """
			UPDATE awty_schedule SET claimed_by = NULL, claimed_until = NULL WHERE id IN (:ids) AND claimed_by = :claimer
			""";

	// Read after the claim in its transaction: its "now" is no earlier than the claim's, so occurrences held for their
	// time from it are never published early.
	private static final String READ_CLAIMED = """
			SELECT claimed.*, CURRENT_TIMESTAMP AS awty_claimed_at FROM awty_schedule claimed
			WHERE id IN (:ids) AND claimed_by = :claimer
			""";

	private static final String CLAIMED_AT = "awty_claimed_at";

	private static final String NEXT_DUE = """
			SELECT MIN(next_fire_at) AS next_at, CURRENT_TIMESTAMP AS now_at FROM awty_schedule
			WHERE enabled = TRUE AND next_fire_at > CURRENT_TIMESTAMP
			  AND (claimed_until IS NULL OR claimed_until < CURRENT_TIMESTAMP)
			""";

	/** The outcome of one claimed schedule. */
	record Outcome(String id, long version, @Nullable Instant nextFireAt, @Nullable Instant lastFiredAt,
			@Nullable String error, @Nullable Instant retryAt) {
	}

	/** When the next schedule is due, by the database's clock. */
	record NextDue(@Nullable Instant nextAt, Instant now) {
	}

	private final SqlDialect dialect;

	private final JdbcClient jdbc;

	private final NamedParameterJdbcTemplate batchJdbc;

	private final TransactionOperations transactions;

	private final DueClaim claimDue;

	private final String nextDue;

	ScheduleClaims(SqlDialect dialect, JdbcClient jdbc, NamedParameterJdbcTemplate batchJdbc,
			TransactionOperations transactions) {
		this.dialect = dialect;
		this.jdbc = jdbc;
		this.batchJdbc = batchJdbc;
		this.transactions = transactions;
		this.claimDue = new DueClaim(jdbc, transactions, DueClaim.filled(dialect.claimDueSchedules(), ScheduleStore.TABLE),
				dialect.withDatabaseNow(READ_CLAIMED));
		this.nextDue = dialect.withDatabaseNow(NEXT_DUE);
	}

	boolean skipLockedRows() {
		return this.dialect.skipsLockedRows();
	}

	/**
	 * Claims up to {@code limit} enabled schedules due within {@code ahead} from now by the database's clock,
	 * earliest first.
	 * @param unreadable receives the claimed rows that could not be read, which stay claimed
	 */
	Claimed claimDue(String claimer, int limit, Duration lease, Duration ahead, List<UnreadableSchedule> unreadable) {
		List<Instant> claimedAt = new ArrayList<>(1);
		// Row by row: one row that cannot be read must not stop the others.
		RowMapper<@Nullable ScheduleRow> reader = (rs, row) -> {
			if (row == 0) {
				claimedAt.add(this.dialect.readTimestamp(rs, CLAIMED_AT));
			}
			try {
				return ScheduleRow.read(rs, this.dialect);
			}
			catch (RuntimeException | SQLException ex) {
				unreadable.add(new UnreadableSchedule(rs.getString("id"), rs.getInt("attempts"),
						"schedule could not be read: " + ErrorText.of(ex)));
				return null;
			}
		};
		List<ScheduleRow> rows = List.copyOf(this.claimDue.claim(Map.of("limit", limit, "aheadMillis", ahead.toMillis()),
				String.class, claimer, lease, reader, (@Nullable ScheduleRow row) -> Objects.requireNonNull(row).schedule().id()));
		return new Claimed(rows, claimedAt.isEmpty() ? null : claimedAt.get(0));
	}

	/**
	 * Schedules claimed by one statement.
	 * @param databaseNow the database's clock as the claim saw it; {@code null} when nothing was claimed
	 */
	record Claimed(List<ScheduleRow> rows, @Nullable Instant databaseNow) {
	}

	/**
	 * Counts a failed attempt for each schedule that could not be read, which is claimable again at its retryAt.
	 * @param alsoWrite writes what goes with it (history) in the same transaction
	 */
	void recordUnreadable(List<UnreadableSchedule> rows, String claimer, Function<UnreadableSchedule, Instant> retryAt,
			Runnable alsoWrite) {
		List<MapSqlParameterSource> batch = rows.stream()
			.map((row) -> new MapSqlParameterSource().addValue("id", row.id())
				.addValue("claimer", claimer)
				.addValue("error", LastError.fit(row.error(), LastError.DEFAULT_LENGTH))
				.addValue("retryAt", timestamp(retryAt.apply(row)), Types.TIMESTAMP_WITH_TIMEZONE))
			.toList();
		this.transactions.executeWithoutResult((status) -> {
			this.batchJdbc.batchUpdate(RECORD_UNREADABLE, batch.toArray(SqlParameterSource[]::new));
			alsoWrite.run();
		});
	}

	/** A claimed schedule row that could not be read (a value edited by hand that no field can hold). */
	record UnreadableSchedule(String id, int attempts, String error) {
	}

	/**
	 * Records the outcomes of schedules held by {@code claimer}.
	 * @param alsoWrite writes what goes with the outcomes recorded (history) in the same transaction
	 * @return how many were recorded; fewer means schedules were changed, deleted or re-claimed meanwhile
	 */
	int record(List<Outcome> outcomes, String claimer, Consumer<List<Outcome>> alsoWrite) {
		List<Outcome> fired = outcomes.stream().filter((o) -> o.error() == null).toList();
		List<Outcome> failed = outcomes.stream().filter((o) -> o.error() != null).toList();
		// One commit per batch instead of one per schedule.
		Integer recorded = this.transactions.execute((status) -> {
			List<Outcome> written = new ArrayList<>(recorded(MARK_FIRED, fired, (o) -> parameters(o, claimer)));
			written.addAll(recorded(RECORD_FAILURE, failed, (o) -> parameters(o, claimer)
				.addValue("error", LastError.fit(Objects.requireNonNull(o.error()), LastError.DEFAULT_LENGTH))
				.addValue("retryAt", timestamp(o.retryAt()), Types.TIMESTAMP_WITH_TIMEZONE)));
			alsoWrite.accept(written);
			return written.size();
		});
		return (recorded != null) ? recorded : 0;
	}

	/** The outcomes whose fenced write changed their row. */
	private List<Outcome> recorded(String statement, List<Outcome> outcomes,
			Function<Outcome, MapSqlParameterSource> parameters) {
		if (outcomes.isEmpty()) {
			return List.of();
		}
		int[] counts = this.batchJdbc.batchUpdate(statement,
				outcomes.stream().map(parameters).toArray(SqlParameterSource[]::new));
		List<Outcome> recorded = new ArrayList<>(outcomes.size());
		for (int i = 0; i < counts.length; i++) {
			// 0: the fence left the row alone. Some drivers report "succeeded, count unknown" for batched statements,
			// taken as recorded.
			if (counts[i] != 0) {
				recorded.add(outcomes.get(i));
			}
		}
		return recorded;
	}

	void release(Collection<String> ids, String claimer) {
		if (!ids.isEmpty()) {
			this.transactions.executeWithoutResult(
					(status) -> this.jdbc.sql(RELEASE).param("ids", ids).param("claimer", claimer).update());
		}
	}

	NextDue nextDue() {
		return this.jdbc.sql(this.nextDue)
			.query((rs, row) -> new NextDue(this.dialect.readTimestamp(rs, "next_at"),
					this.dialect.readTimestamp(rs, "now_at")))
			.single();
	}

	private MapSqlParameterSource parameters(Outcome outcome, String claimer) {
		return new MapSqlParameterSource().addValue("id", outcome.id())
			.addValue("version", outcome.version())
			.addValue("claimer", claimer)
			.addValue("nextFireAt", timestamp(outcome.nextFireAt()), Types.TIMESTAMP_WITH_TIMEZONE)
			.addValue("lastFiredAt", timestamp(outcome.lastFiredAt()), Types.TIMESTAMP_WITH_TIMEZONE);
	}

	private @Nullable Object timestamp(@Nullable Instant instant) {
		return (instant != null) ? this.dialect.timestampParameter(instant) : null;
	}

}
