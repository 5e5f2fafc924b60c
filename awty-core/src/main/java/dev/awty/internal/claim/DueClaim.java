package dev.awty.internal.claim;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionOperations;

import dev.awty.internal.support.IndexPlanning;
import dev.awty.spi.ClaimStatement;

/**
 * Runs a dialect's {@link ClaimStatement} for one table in one transaction of awty's own: the claim that returns
 * the rows, or the select of the ids, their claim, and a read of the claimed rows in the order they were selected.
 */
public final class DueClaim {

	private final JdbcClient jdbc;

	private final TransactionOperations transaction;

	private final ClaimStatement statement;

	private final String readClaimed;

	private final List<String> planning;

	/**
	 * @param statement the dialect's claim, table (and order) filled in
	 * @param readClaimed reads the rows of {@code :ids} held by {@code :claimer}, for a select-then-update claim
	 * @param planning the dialect's {@link dev.awty.spi.DialectPlanning#indexPlanning()}
	 */
	public DueClaim(JdbcClient jdbc, TransactionOperations transaction, ClaimStatement statement, String readClaimed,
			List<String> planning) {
		this.jdbc = jdbc;
		this.transaction = transaction;
		this.statement = statement;
		this.readClaimed = readClaimed;
		this.planning = List.copyOf(planning);
	}

	/** Fills the table (and the other arguments) into every statement of {@code statement}. */
	public static ClaimStatement filled(ClaimStatement statement, Object... arguments) {
		if (statement instanceof ClaimStatement.SelectThenUpdate select) {
			return ClaimStatement.selectThenUpdate(select.selectIds().formatted(arguments),
					select.claimSelected().formatted(arguments));
		}
		return ClaimStatement.returning(((ClaimStatement.Returning) statement).claim().formatted(arguments));
	}

	/**
	 * @param selectParams the parameters of the rows to claim, such as {@code limit}
	 * @param reader reads one claimed row; returns {@code null} for a row it could not read, and keeps that row's
	 * failure itself
	 * @return the claimed rows that {@code reader} could read, in the order the statement claimed them; empty when
	 * nothing was due
	 */
	public <I, R> List<R> claim(Map<String, ?> selectParams, Class<I> idType, String claimer, Duration lease,
			RowMapper<R> reader, Function<R, I> idOf) {
		List<R> rows = this.transaction.execute((status) -> {
			IndexPlanning.apply(this.jdbc, this.planning);
			if (this.statement instanceof ClaimStatement.SelectThenUpdate select) {
				return selectThenUpdate(select, selectParams, idType, claimer, lease, reader, idOf);
			}
			List<R> claimed = new ArrayList<>(this.jdbc.sql(((ClaimStatement.Returning) this.statement).claim())
				.params(selectParams)
				.param("claimer", claimer)
				.param("leaseMillis", lease.toMillis())
				.query(reader)
				.list());
			claimed.removeIf(Objects::isNull);
			return claimed;
		});
		return (rows != null) ? rows : List.of();
	}

	private <I, R> List<R> selectThenUpdate(ClaimStatement.SelectThenUpdate select, Map<String, ?> selectParams,
			Class<I> idType, String claimer, Duration lease, RowMapper<R> reader, Function<R, I> idOf) {
		List<I> ids = this.jdbc.sql(select.selectIds()).params(selectParams).query(idType).list();
		if (ids.isEmpty()) {
			return List.of();
		}
		this.jdbc.sql(select.claimSelected())
			.param("ids", ids)
			.param("claimer", claimer)
			.param("leaseMillis", lease.toMillis())
			.update();
		List<R> claimed = new ArrayList<>(
				this.jdbc.sql(this.readClaimed).param("ids", ids).param("claimer", claimer).query(reader).list());
		Map<I, Integer> position = new HashMap<>();
		for (int i = 0; i < ids.size(); i++) {
			position.put(ids.get(i), i);
		}
		claimed.removeIf(Objects::isNull);
		claimed.sort(Comparator.comparingInt((row) -> position.get(idOf.apply(row))));
		return claimed;
	}

}
