package dev.awty.internal.support;

import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Runs a dialect's planner statements ({@code SqlDialect.indexPlanning()}) in the current transaction, ahead of the
 * claim or write they are for: each returns one row and lasts until the transaction ends.
 */
public final class IndexPlanning {

	private IndexPlanning() {
	}

	public static void apply(JdbcClient jdbc, List<String> statements) {
		statements.forEach((statement) -> jdbc.sql(statement).query().singleRow());
	}

}
