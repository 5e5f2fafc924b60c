package dev.awty.internal.recurring.source;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionOperations;

import dev.awty.internal.claim.DueClaim;
import dev.awty.internal.claim.NextDue;
import dev.awty.internal.recurring.ScheduleRow;
import dev.awty.internal.recurring.ScheduleStore;
import dev.awty.internal.support.ErrorText;
import dev.awty.spi.SqlDialect;

/**
 * The claim side of {@code awty_schedule}: claims due schedules (and those due within the claim-ahead), gives
 * unpublished ones back, and says when the next one is due. {@link ScheduleOutcomes} records what became of them.
 */
final class ScheduleClaims {

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

	// In next_fire_at order, stopped at the first: MIN(next_fire_at) with the claim condition read every enabled
	// schedule through the (enabled, next_fire_at) index on MariaDB, 86-113 ms per idle poll at 20,000 schedules.
	private static final String NEXT_DUE = """
			SELECT (SELECT next_fire_at FROM awty_schedule
			        WHERE enabled = TRUE AND next_fire_at > CURRENT_TIMESTAMP
			          AND (claimed_until IS NULL OR claimed_until < CURRENT_TIMESTAMP)
			        ORDER BY next_fire_at LIMIT 1) AS next_at, CURRENT_TIMESTAMP AS now_at
			""";

	/**
	 * Schedules claimed by one statement.
	 * @param unreadable the claimed rows that could not be read, which stay claimed
	 * @param databaseNow the database's clock as the claim saw it; {@code null} when nothing was claimed
	 */
	record Claimed(List<ScheduleRow> rows, List<ScheduleOutcomes.UnreadableSchedule> unreadable,
			@Nullable Instant databaseNow) {
	}

	private final SqlDialect dialect;

	private final JdbcClient jdbc;

	private final TransactionOperations transactions;

	private final DueClaim claimDue;

	private final String nextDue;

	ScheduleClaims(SqlDialect dialect, JdbcClient jdbc, TransactionOperations transactions) {
		this.dialect = dialect;
		this.jdbc = jdbc;
		this.transactions = transactions;
		this.claimDue = new DueClaim(jdbc, transactions, DueClaim.filled(dialect.claimDueSchedules(), ScheduleStore.TABLE),
				dialect.withDatabaseNow(READ_CLAIMED), dialect.planning().indexPlanning());
		this.nextDue = dialect.withDatabaseNow(NEXT_DUE);
	}

	boolean skipLockedRows() {
		return this.dialect.skipsLockedRows();
	}

	/**
	 * Claims up to {@code limit} enabled schedules due within {@code ahead} from now by the database's clock,
	 * earliest first.
	 */
	Claimed claimDue(String claimer, int limit, Duration lease, Duration ahead) {
		Instant[] claimedAt = new Instant[1];
		List<ScheduleOutcomes.UnreadableSchedule> unreadable = new ArrayList<>();
		// Row by row: one row that cannot be read must not stop the others.
		RowMapper<@Nullable ScheduleRow> reader = (rs, row) -> {
			Instant rowClaimedAt = this.dialect.readTimestamp(rs, CLAIMED_AT);
			// The latest: a database that reads its clock per row makes the claimed-ahead occurrences the least late.
			if (claimedAt[0] == null || (rowClaimedAt != null && rowClaimedAt.isAfter(claimedAt[0]))) {
				claimedAt[0] = rowClaimedAt;
			}
			try {
				return ScheduleRow.read(rs, this.dialect);
			}
			catch (RuntimeException | SQLException ex) {
				unreadable.add(new ScheduleOutcomes.UnreadableSchedule(rs.getString("id"), rs.getInt("attempts"),
						"schedule could not be read: " + ErrorText.of(ex)));
				return null;
			}
		};
		List<ScheduleRow> rows = List.copyOf(this.claimDue.claim(Map.of("limit", limit, "aheadMillis", ahead.toMillis()),
				String.class, claimer, lease, reader, (@Nullable ScheduleRow row) -> Objects.requireNonNull(row).schedule().id()));
		return new Claimed(rows, List.copyOf(unreadable), claimedAt[0]);
	}

	/** Gives schedules still held by {@code claimer} back unpublished, claimable at once. */
	void release(Collection<String> ids, String claimer) {
		if (!ids.isEmpty()) {
			this.transactions.executeWithoutResult(
					(status) -> this.jdbc.sql(RELEASE).param("ids", ids).param("claimer", claimer).update());
		}
	}

	/** When the next enabled, unclaimed schedule is due, by the database's clock. */
	NextDue nextDue() {
		return this.jdbc.sql(this.nextDue).query((rs, row) -> NextDue.read(rs, this.dialect)).single();
	}

}
