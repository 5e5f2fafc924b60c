package dev.awty.internal.observe;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;

import dev.awty.spi.SqlDialect;

/**
 * How a backlog query reads its source: a summary read together with the database's now, then statements bound to
 * that same instant, so that every figure of one backlog measures the same moment of the database's clock. The
 * queries differ only in their SQL and in the figures they take from each row.
 */
final class BacklogReads {

	private final SqlDialect dialect;

	private final JdbcClient jdbc;

	BacklogReads(SqlDialect dialect, DataSource dataSource) {
		this.dialect = dialect;
		this.jdbc = JdbcClient.create(dataSource);
	}

	/** {@code portableStatement} with the dialect's "now" in place of {@code CURRENT_TIMESTAMP}. */
	String withDatabaseNow(String portableStatement) {
		return this.dialect.withDatabaseNow(portableStatement);
	}

	/**
	 * The one row of {@code summary}, which returns the database's now as {@code db_now}; the JVM's now if the
	 * database returned none.
	 */
	<S> Measured<S> readWithNow(String summary, RowReader<S> reader) {
		return this.jdbc.sql(summary).query((rs, row) -> {
			Instant now = this.dialect.readTimestamp(rs, "db_now");
			return new Measured<>(reader.read(rs), (now != null) ? now : Instant.now());
		}).single();
	}

	/** The one row of {@code sql} with the timestamp parameter {@code name} bound to {@code at}. */
	<R> R readAt(String sql, String name, Instant at, RowReader<R> reader) {
		return this.jdbc.sql(sql)
			.param(name, this.dialect.timestampParameter(at))
			.query((rs, row) -> reader.read(rs))
			.single();
	}

	long count(String sql) {
		return this.jdbc.sql(sql).query(Long.class).single();
	}

	@Nullable Instant timestamp(ResultSet rs, String column) throws SQLException {
		return this.dialect.readTimestamp(rs, column);
	}

	/** How long the oldest overdue row has been due at {@code now}; zero when none is. */
	static Duration overdueFor(@Nullable Instant oldestDue, Instant now) {
		Duration overdue = (oldestDue != null) ? Duration.between(oldestDue, now) : Duration.ZERO;
		return overdue.isNegative() ? Duration.ZERO : overdue;
	}

	/** A summary and the database's now it was read at. */
	record Measured<S>(S summary, Instant now) {
	}

	@FunctionalInterface
	interface RowReader<R> {

		R read(ResultSet rs) throws SQLException;

	}

}
