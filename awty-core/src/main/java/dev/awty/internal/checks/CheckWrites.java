package dev.awty.internal.checks;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.awty.internal.model.EventType;
import dev.awty.internal.support.LastError;
import dev.awty.internal.support.StillPending;
import dev.awty.spi.SqlDialect;

/**
 * The statements of checks on one event table: check again, fail by a guard, read check columns. Every write is
 * fenced by the claim token.
 */
public final class CheckWrites {

	// first_check_at before due_at: MariaDB evaluates SET assignments left to right with the new values.
	private static final String CHECK_AGAIN = """
			UPDATE %s SET first_check_at = COALESCE(first_check_at, due_at), due_at = :nextAt,
			       check_count = COALESCE(check_count, 0) + 1, attempts = 0, last_error = NULL,
			       claimed_by = NULL, claimed_until = NULL
			WHERE id = :id AND claimed_by = :claimer AND""" + " " + StillPending.CONDITION;

	private static final String FAIL_BY_GUARD = """
			UPDATE %s SET status = 'FAILED', last_error = :error, attempts = attempts + 1,
			       claimed_by = NULL, claimed_until = NULL
			WHERE id = :id AND claimed_by = :claimer AND""" + " " + StillPending.CONDITION;

	private static final String READ_CHECK_STATE = "SELECT id, check_count, first_check_at FROM %s WHERE id IN (:ids)";

	private final SqlDialect dialect;

	private final JdbcClient jdbc;

	private final NamedParameterJdbcTemplate batchJdbc;

	private final String checkAgain;

	private final String failByGuard;

	private final String readCheckState;

	private final int lastErrorLength;

	public CheckWrites(EventType<?> type, SqlDialect dialect, DataSource dataSource) {
		this(type, dialect, dataSource, LastError.DEFAULT_LENGTH);
	}

	/**
	 * @param lastErrorLength the length of the table's {@code last_error} column, which guard failures are cut to
	 */
	public CheckWrites(EventType<?> type, SqlDialect dialect, DataSource dataSource, int lastErrorLength) {
		this.lastErrorLength = lastErrorLength;
		this.dialect = dialect;
		this.jdbc = JdbcClient.create(dataSource);
		this.batchJdbc = new NamedParameterJdbcTemplate(dataSource);
		String table = type.table();
		this.checkAgain = CHECK_AGAIN.formatted(table);
		this.failByGuard = FAIL_BY_GUARD.formatted(table);
		this.readCheckState = READ_CHECK_STATE.formatted(table);
	}

	/** The check columns of rows by id; rows not found are left out. */
	public Map<Long, CheckState> checkStates(Collection<Long> ids) {
		Map<Long, CheckState> states = new HashMap<>();
		if (!ids.isEmpty()) {
			this.jdbc.sql(this.readCheckState).param("ids", ids).query((rs) -> {
				states.put(rs.getLong("id"),
						new CheckState(rs.getInt("check_count"), this.dialect.readTimestamp(rs, "first_check_at")));
			});
		}
		return states;
	}

	/** @return per entry, 1 if the row was still held by {@code claimer} and changed, else 0 */
	public int[] checkAgain(List<CheckAgain> rows, String claimer) {
		return this.batchJdbc.batchUpdate(this.checkAgain, rows.stream()
			.map((row) -> new MapSqlParameterSource("id", row.id()).addValue("claimer", claimer)
				.addValue("nextAt", this.dialect.timestampParameter(row.nextAt())))
			.toArray(SqlParameterSource[]::new));
	}

	/** @return per entry, 1 if the row was still held by {@code claimer} and failed, else 0 */
	public int[] failByGuard(List<GuardFailure> rows, String claimer) {
		return this.batchJdbc.batchUpdate(this.failByGuard, rows.stream()
			.map((row) -> new MapSqlParameterSource("id", row.id()).addValue("claimer", claimer)
				.addValue("error", LastError.fit(row.reason(), this.lastErrorLength)))
			.toArray(SqlParameterSource[]::new));
	}

}
