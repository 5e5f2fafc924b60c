package dev.awty.internal.claim;

import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionOperations;

import dev.awty.internal.support.IndexPlanning;
import dev.awty.spi.SqlDialect;

/**
 * The one way a statement reaches claimed rows: only those among the given ids that the given claim token still holds,
 * after the dialect's planning. The release of a claim runs through it, and so do the writes of what became of
 * published rows.
 */
public final class HeldRows {

	private HeldRows() {
	}

	/**
	 * Runs {@code statement} on the rows among {@code :ids} that {@code :claimer} holds, after the dialect's
	 * {@code planning} statements (see {@link dev.awty.spi.DialectPlanning#indexPlanning()}), in awty's own transaction or the caller's.
	 * @param ids the ids as {@link SqlDialect#idsValue} binds them
	 * @return how many rows the statement changed
	 */
	public static int updateHeld(JdbcClient jdbc, TransactionOperations transaction, List<String> planning,
			String statement, Object ids, String claimer) {
		Integer count = transaction.execute((status) -> {
			IndexPlanning.apply(jdbc, planning);
			return jdbc.sql(statement).param("ids", ids).param("claimer", claimer).update();
		});
		return (count != null) ? count : 0;
	}

}
