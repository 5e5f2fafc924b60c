package dev.awty.internal.jdbc;

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

/**
 * The claim of a database that cannot update rows and return them in one statement (see
 * {@code SqlDialect.claimSelectedRows()}): in one transaction, select and lock the ids, claim them, and read the
 * claimed rows back in the order they were selected.
 *
 * @param claimSelected the dialect's claim of {@code id IN (:ids)}, table filled in
 * @param readClaimed reads the rows of {@code :ids} held by {@code :claimer}
 */
public record SelectThenClaim(JdbcClient jdbc, TransactionOperations transaction, String claimSelected,
		String readClaimed) {

	/**
	 * @param selectIds the dialect's select of the ids to claim, with its {@code selectParams}
	 * @return the claimed rows that {@code reader} could read, in the order of the select; empty when nothing was
	 * selected
	 */
	public <I, R> List<R> claim(String selectIds, Map<String, ?> selectParams, Class<I> idType, String claimer,
			Duration lease, RowMapper<R> reader, Function<R, I> idOf) {
		List<R> rows = this.transaction.execute((status) -> {
			List<I> ids = this.jdbc.sql(selectIds).params(selectParams).query(idType).list();
			if (ids.isEmpty()) {
				return List.of();
			}
			this.jdbc.sql(this.claimSelected)
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
			// A reader returns null for a row it could not read, and keeps that row's failure itself.
			claimed.removeIf(Objects::isNull);
			claimed.sort(Comparator.comparingInt((row) -> position.get(idOf.apply(row))));
			return claimed;
		});
		return (rows != null) ? rows : List.of();
	}

}
