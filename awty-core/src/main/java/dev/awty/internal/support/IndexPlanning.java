package dev.awty.internal.support;

import java.util.List;

import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Runs a dialect's planner statements ({@code SqlDialect.planning().indexPlanning()}) in the current transaction, ahead
 * of the claim or write they are for: each returns one row and lasts until the transaction ends.
 */
public final class IndexPlanning {

	private IndexPlanning() {
	}

	/** Reads nothing: a map made of each statement's row showed in the profile of the claim. */
	private static final RowCallbackHandler IGNORE = (rs) -> {
	};

	public static void apply(JdbcClient jdbc, List<String> statements) {
		statements.forEach((statement) -> jdbc.sql(statement).query(IGNORE));
	}

}
