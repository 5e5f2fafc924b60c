package dev.awty.internal.observe;

import java.time.Instant;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import dev.awty.spi.SqlDialect;

/**
 * Reads the {@link Backlog} of the recurring schedules from {@code awty_schedule}: pending are the enabled schedules
 * with a next occurrence, overdue those whose next occurrence has passed, and failed those overdue because their
 * last attempt to publish failed (a schedule is retried, never given up: it stays overdue until it publishes).
 * Both statements read the due index {@code (enabled, next_fire_at)}; the second only its overdue part.
 */
final class ScheduleBacklogQuery implements BacklogReader {

	private static final String PENDING_SUMMARY = """
			SELECT COUNT(*) AS pending, CURRENT_TIMESTAMP AS db_now FROM awty_schedule
			WHERE enabled = TRUE AND next_fire_at IS NOT NULL
			""";

	private static final String OVERDUE_SUMMARY = """
			SELECT COUNT(*) AS overdue, MIN(next_fire_at) AS oldest_due,
			       COALESCE(SUM(CASE WHEN attempts > 0 THEN 1 ELSE 0 END), 0) AS failing
			FROM awty_schedule WHERE enabled = TRUE AND next_fire_at < :now
			""";

	private final String type;

	private final BacklogReads reads;

	private final String pendingSummary;

	ScheduleBacklogQuery(String type, SqlDialect dialect, DataSource dataSource) {
		this.type = type;
		this.reads = new BacklogReads(dialect, dataSource);
		this.pendingSummary = this.reads.withDatabaseNow(PENDING_SUMMARY);
	}

	@Override
	public String type() {
		return this.type;
	}

	@Override
	public Backlog read() {
		BacklogReads.Measured<Long> pending = this.reads.readWithNow(this.pendingSummary,
				(rs) -> rs.getLong("pending"));
		Overdue overdue = this.reads.readAt(OVERDUE_SUMMARY, "now", pending.now(),
				(rs) -> new Overdue(rs.getLong("overdue"), this.reads.timestamp(rs, "oldest_due"),
						rs.getLong("failing")));
		return new Backlog(this.type, pending.summary(), overdue.overdue(),
				BacklogReads.overdueFor(overdue.oldestDue(), pending.now()), overdue.failing(), null, pending.now());
	}

	private record Overdue(long overdue, @Nullable Instant oldestDue, long failing) {
	}

}
