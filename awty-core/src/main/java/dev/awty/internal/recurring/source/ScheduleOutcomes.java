package dev.awty.internal.recurring.source;

import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.transaction.support.TransactionOperations;

import dev.awty.internal.support.LastError;
import dev.awty.internal.support.WriteRetry;
import dev.awty.spi.SqlDialect;

/**
 * Records what became of claimed schedules: per schedule one statement that stores its next occurrence together with
 * the delivery mark, or its failure with a retry time, and the history entries of the outcomes recorded, in one
 * transaction. Every write is fenced by the claim token (and the schedule's version where the row could be read), so
 * a schedule changed or re-claimed meanwhile is left alone, and gets no history entry.
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

	private final OccurrenceHistory history;

	ScheduleOutcomes(SqlDialect dialect, NamedParameterJdbcTemplate batchJdbc, TransactionOperations transactions,
			OccurrenceHistory history) {
		this.dialect = dialect;
		this.batchJdbc = batchJdbc;
		this.transactions = transactions;
		this.history = history;
	}

	/**
	 * Records the outcomes of schedules held by {@code claimer}, with their history.
	 * @return how many were recorded; fewer means schedules were changed, deleted or re-claimed meanwhile
	 */
	int record(List<FiredSchedule> fired, String claimer) {
		List<Outcome> succeeded = fired.stream().map(FiredSchedule::outcome).filter((o) -> o.error() == null).toList();
		List<Outcome> failed = fired.stream().map(FiredSchedule::outcome).filter((o) -> o.error() != null).toList();
		// One commit per batch instead of one per schedule; tried again after a deadlock with an application's own
		// statements on awty_schedule, or the occurrences just published would be published again after the lease.
		return WriteRetry.write("recurring schedules", () -> this.transactions.execute((status) -> {
			List<Outcome> written = new ArrayList<>(recorded(MARK_FIRED, succeeded, (o) -> parameters(o, claimer)));
			written.addAll(recorded(RECORD_FAILURE, failed, (o) -> parameters(o, claimer)
				.addValue("error", LastError.fit(Objects.requireNonNull(o.error()), LastError.DEFAULT_LENGTH))
				.addValue("retryAt", timestamp(o.retryAt()), Types.TIMESTAMP_WITH_TIMEZONE)));
			this.history.write(fired, written);
			return written.size();
		}));
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

	/**
	 * Counts a failed attempt for each schedule that could not be read, which is claimable again at its retryAt, and
	 * writes its history entry.
	 */
	void recordUnreadable(List<UnreadableSchedule> rows, String claimer, Function<UnreadableSchedule, Instant> retryAt) {
		SqlParameterSource[] batch = rows.stream()
			.map((row) -> new MapSqlParameterSource().addValue("id", row.id())
				.addValue("claimer", claimer)
				.addValue("error", LastError.fit(row.error(), LastError.DEFAULT_LENGTH))
				.addValue("retryAt", timestamp(retryAt.apply(row)), Types.TIMESTAMP_WITH_TIMEZONE))
			.toArray(SqlParameterSource[]::new);
		this.transactions.executeWithoutResult((status) -> {
			this.batchJdbc.batchUpdate(RECORD_UNREADABLE, batch);
			this.history.writeUnreadable(rows);
		});
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
