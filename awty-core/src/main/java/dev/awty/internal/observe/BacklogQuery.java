package dev.awty.internal.observe;

import java.time.Duration;
import java.time.Instant;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

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

	private final BacklogReads reads;

	private final String pendingSummary;

	private final String countFailed;

	private final String countDeliveredSince;

	BacklogQuery(EventType<?> type, boolean keepsDelivered, SqlDialect dialect, DataSource dataSource) {
		this.type = type.name();
		this.keepsDelivered = keepsDelivered;
		this.reads = new BacklogReads(dialect, dataSource);
		this.pendingSummary = this.reads.withDatabaseNow(PENDING_SUMMARY.formatted(type.table()));
		this.countFailed = COUNT_FAILED.formatted(type.table());
		this.countDeliveredSince = COUNT_DELIVERED_SINCE.formatted(type.table());
	}

	@Override
	public String type() {
		return this.type;
	}

	@Override
	public Backlog read() {
		BacklogReads.Measured<Summary> pending = this.reads.readWithNow(this.pendingSummary,
				(rs) -> new Summary(rs.getLong("pending"), rs.getLong("overdue"),
						this.reads.timestamp(rs, "oldest_due")));
		Summary summary = pending.summary();
		long failed = this.reads.count(this.countFailed);
		Long delivered = null;
		if (this.keepsDelivered) {
			delivered = this.reads.readAt(this.countDeliveredSince, "since", pending.now().minus(Duration.ofHours(1)),
					(rs) -> rs.getLong(1));
		}
		// MIN(due_at) is of all pending rows: when none is overdue it is a future time, not an overdue one.
		Duration oldestOverdue = (summary.overdue() > 0) ? BacklogReads.overdueFor(summary.oldestDue(), pending.now())
				: Duration.ZERO;
		return new Backlog(this.type, summary.pending(), summary.overdue(), oldestOverdue, failed, delivered,
				pending.now());
	}

	private record Summary(long pending, long overdue, @Nullable Instant oldestDue) {
	}

}
