package dev.awty.internal.observe;

import java.time.Duration;
import java.time.Instant;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;

import dev.awty.internal.model.EventType;
import dev.awty.spi.SqlDialect;

/**
 * Reads one type's {@link Backlog} with three counting statements that the pending index (status, due_at)
 * serves; "now" and "an hour ago" are the database's clock.
 */
final class BacklogQuery implements BacklogReader {

	private static final String PENDING_SUMMARY = """
			SELECT COUNT(*) AS pending,
			       COALESCE(SUM(CASE WHEN due_at < CURRENT_TIMESTAMP THEN 1 ELSE 0 END), 0) AS overdue,
			       MIN(due_at) AS oldest_due, CURRENT_TIMESTAMP AS db_now
			FROM %s WHERE status = 'PENDING'
			""";

	private static final String COUNT_FAILED = "SELECT COUNT(*) FROM %s WHERE status = 'FAILED'";

	private static final String COUNT_DELIVERED_SINCE = """
			SELECT COUNT(*) FROM %s WHERE status = 'DELIVERED' AND delivered_at >= :since
			""";

	private final String type;

	private final boolean keepsDelivered;

	private final SqlDialect dialect;

	private final JdbcClient jdbc;

	private final String pendingSummary;

	private final String countFailed;

	private final String countDeliveredSince;

	BacklogQuery(EventType<?> type, boolean keepsDelivered, SqlDialect dialect, DataSource dataSource) {
		this.type = type.name();
		this.keepsDelivered = keepsDelivered;
		this.dialect = dialect;
		this.jdbc = JdbcClient.create(dataSource);
		this.pendingSummary = dialect.withDatabaseNow(PENDING_SUMMARY.formatted(type.table()));
		this.countFailed = COUNT_FAILED.formatted(type.table());
		this.countDeliveredSince = COUNT_DELIVERED_SINCE.formatted(type.table());
	}

	@Override
	public String type() {
		return this.type;
	}

	@Override
	public Backlog read() {
		Summary summary = this.jdbc.sql(this.pendingSummary).query((rs, row) -> {
			Instant now = this.dialect.readTimestamp(rs, "db_now");
			Instant oldestDue = this.dialect.readTimestamp(rs, "oldest_due");
			return new Summary(rs.getLong("pending"), rs.getLong("overdue"), oldestDue, (now != null) ? now : Instant.now());
		}).single();
		long failed = this.jdbc.sql(this.countFailed).query(Long.class).single();
		Long delivered = null;
		if (this.keepsDelivered) {
			delivered = this.jdbc.sql(this.countDeliveredSince)
				.param("since", this.dialect.timestampParameter(summary.now().minus(Duration.ofHours(1))))
				.query(Long.class)
				.single();
		}
		Duration oldestOverdue = (summary.overdue() > 0 && summary.oldestDue() != null)
				? Duration.between(summary.oldestDue(), summary.now()) : Duration.ZERO;
		return new Backlog(this.type, summary.pending(), summary.overdue(),
				oldestOverdue.isNegative() ? Duration.ZERO : oldestOverdue, failed, delivered, summary.now());
	}

	private record Summary(long pending, long overdue, @Nullable Instant oldestDue, Instant now) {
	}

}
