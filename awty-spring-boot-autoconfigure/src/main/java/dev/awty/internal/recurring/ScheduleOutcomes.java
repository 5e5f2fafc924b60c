package dev.awty.internal.recurring;

import java.sql.Types;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.transaction.support.TransactionOperations;

import dev.awty.internal.support.LastError;
import dev.awty.spi.SqlDialect;

/**
 * Records what became of claimed schedules: per schedule one statement that stores its next occurrence together with
 * the delivery mark, or its failure with a retry time. Every write is fenced by the claim token (and the schedule's
 * version where the row could be read), so a schedule changed or re-claimed meanwhile is left alone.
 */
final class ScheduleOutcomes {

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

	/** The outcome of one claimed schedule. */
	record Outcome(String id, long version, @Nullable Instant nextFireAt, @Nullable Instant lastFiredAt,
			@Nullable String error, @Nullable Instant retryAt) {
	}

	/** A claimed schedule row that could not be read (a value edited by hand that no field can hold). */
	record UnreadableSchedule(String id, int attempts, String error) {
	}

	private final SqlDialect dialect;

	private final NamedParameterJdbcTemplate batchJdbc;

	private final TransactionOperations transactions;

	ScheduleOutcomes(SqlDialect dialect, NamedParameterJdbcTemplate batchJdbc, TransactionOperations transactions) {
		this.dialect = dialect;
		this.batchJdbc = batchJdbc;
		this.transactions = transactions;
	}

	/**
	 * Records the outcomes of schedules held by {@code claimer}.
	 * @return how many were recorded; fewer means schedules were changed, deleted or re-claimed meanwhile
	 */
	int record(List<Outcome> outcomes, String claimer) {
		List<MapSqlParameterSource> fired = outcomes.stream().filter((o) -> o.error() == null)
			.map((o) -> parameters(o, claimer)).toList();
		List<MapSqlParameterSource> failed = outcomes.stream().filter((o) -> o.error() != null)
			.map((o) -> parameters(o, claimer).addValue("error", LastError.fit(o.error(), LastError.DEFAULT_LENGTH))
				.addValue("retryAt", timestamp(o.retryAt()), Types.TIMESTAMP_WITH_TIMEZONE))
			.toList();
		// One commit per batch instead of one per schedule.
		Integer recorded = this.transactions.execute((status) -> update(MARK_FIRED, fired) + update(RECORD_FAILURE, failed));
		return (recorded != null) ? recorded : 0;
	}

	/** Counts a failed attempt for each schedule that could not be read, which is claimable again at its retryAt. */
	void recordUnreadable(List<UnreadableSchedule> rows, String claimer, Function<UnreadableSchedule, Instant> retryAt) {
		List<MapSqlParameterSource> batch = rows.stream()
			.map((row) -> new MapSqlParameterSource().addValue("id", row.id())
				.addValue("claimer", claimer)
				.addValue("error", LastError.fit(row.error(), LastError.DEFAULT_LENGTH))
				.addValue("retryAt", timestamp(retryAt.apply(row)), Types.TIMESTAMP_WITH_TIMEZONE))
			.toList();
		this.transactions.executeWithoutResult((status) -> update(RECORD_UNREADABLE, batch));
	}

	private int update(String statement, List<? extends SqlParameterSource> batch) {
		if (batch.isEmpty()) {
			return 0;
		}
		int total = 0;
		for (int count : this.batchJdbc.batchUpdate(statement, batch.toArray(SqlParameterSource[]::new))) {
			// Some drivers report "succeeded, count unknown" for batched statements.
			total += (count == java.sql.Statement.SUCCESS_NO_INFO) ? 1 : count;
		}
		return total;
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
