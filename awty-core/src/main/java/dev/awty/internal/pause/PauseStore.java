package dev.awty.internal.pause;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import javax.sql.DataSource;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionOperations;

import dev.awty.audit.OperatorAction;
import dev.awty.internal.audit.AuditLog;
import dev.awty.internal.support.AwtyTransactions;
import dev.awty.spi.SqlDialect;

/**
 * The statements of {@code awty_type_pause}: one row per paused type. Every statement is the same on each database
 * but for the database's "now", which the dialect supplies. Writes run in awty's transactions: a pool that does not
 * auto-commit would roll them back.
 */
final class PauseStore {

	static final String TABLE = "awty_type_pause";

	private static final String READ_PAUSED = "SELECT type_name, paused_at FROM awty_type_pause ORDER BY type_name";

	private static final String INSERT_PAUSE = """
			INSERT INTO awty_type_pause (type_name, paused_at) VALUES (:type, CURRENT_TIMESTAMP)
			""";

	private static final String DELETE_PAUSE = "DELETE FROM awty_type_pause WHERE type_name = :type";

	private final JdbcClient jdbc;

	private final SqlDialect dialect;

	private final TransactionOperations transaction;

	private final String insertPause;

	private final AuditLog audit;

	PauseStore(DataSource dataSource, SqlDialect dialect, AuditLog audit) {
		this.audit = audit;
		this.jdbc = JdbcClient.create(dataSource);
		this.transaction = AwtyTransactions.on(dataSource);
		this.dialect = dialect;
		this.insertPause = dialect.withDatabaseNow(INSERT_PAUSE);
	}

	/** The paused types, by name, with when they were paused. */
	Map<String, Instant> read() {
		Map<String, Instant> paused = new LinkedHashMap<>();
		this.jdbc.sql(READ_PAUSED).query((rs) -> {
			paused.put(rs.getString("type_name"), Objects.requireNonNull(this.dialect.readTimestamp(rs, "paused_at")));
		});
		return paused;
	}

	/** @return {@code false} if the type was paused already */
	boolean insert(String type) {
		try {
			return Boolean.TRUE.equals(this.transaction.execute((status) -> {
				int inserted = this.jdbc.sql(this.insertPause).param("type", type).update();
				this.audit.record(OperatorAction.PAUSE_TYPE, type, inserted, null);
				return inserted == 1;
			}));
		}
		catch (DuplicateKeyException ex) {
			// Another operator paused it first: a pause of a paused type changes nothing, and is audited so. The failed
			// insert ended its transaction on PostgreSQL, so the entry is written in one of its own.
			this.transaction.executeWithoutResult((status) -> this.audit.record(OperatorAction.PAUSE_TYPE, type, 0, null));
			return false;
		}
	}

	/** @return {@code false} if the type was not paused */
	boolean delete(String type) {
		return Boolean.TRUE.equals(this.transaction.execute((status) -> {
			int deleted = this.jdbc.sql(DELETE_PAUSE).param("type", type).update();
			this.audit.record(OperatorAction.RESUME_TYPE, type, deleted, null);
			return deleted == 1;
		}));
	}

}
