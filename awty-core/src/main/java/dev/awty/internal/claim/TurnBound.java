package dev.awty.internal.claim;

import java.time.Duration;
import java.util.List;

import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import dev.awty.spi.SqlDialect;

/**
 * Bounds the transaction of a claim that takes a limited type's turn, with the dialect's
 * {@link dev.awty.spi.DialectPlanning#boundTransaction()}: the turn is one row lock for the whole cluster, so neither
 * waiting for it nor holding it may last.
 */
final class TurnBound {

	/**
	 * How long a claim waits for the type's turn, and how long a claimer may leave its turn's transaction idle. A claim
	 * holds the turn for one statement: a client silent this long inside it has stopped.
	 */
	static final Duration BOUND = Duration.ofSeconds(2);

	private final List<String> bound;

	private final List<String> unbound;

	private final JdbcClient jdbc;

	TurnBound(SqlDialect dialect, JdbcClient jdbc) {
		long seconds = Math.max(1, BOUND.toSeconds());
		this.bound = dialect.planning().boundTransaction()
			.stream()
			.map((statement) -> statement.formatted(BOUND.toMillis(), seconds))
			.toList();
		this.unbound = dialect.planning().unboundSession();
		this.jdbc = jdbc;
	}

	/** Bounds the current transaction; its connection's session settings are restored once it ends. */
	void apply() {
		for (String statement : this.bound) {
			this.jdbc.sql(statement).update();
		}
		if (!this.unbound.isEmpty()) {
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {

				@Override
				public void afterCompletion(int status) {
					restore();
				}

			});
		}
	}

	/** Runs after the transaction on its connection, still bound to the thread until it goes back to the pool. */
	private void restore() {
		try {
			for (String statement : this.unbound) {
				this.jdbc.sql(statement).update();
			}
		}
		catch (DataAccessException ex) {
			// The session ended (the bound was hit, or the connection broke): the pool discards the connection.
		}
	}

}
