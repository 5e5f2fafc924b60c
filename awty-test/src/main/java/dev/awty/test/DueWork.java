package dev.awty.test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;

import dev.awty.spi.SqlDialect;

/**
 * What is still due by the test clock's "now": {@code PENDING} rows of every event type due by then, and enabled
 * recurring schedules whose next occurrence is by then. Read with the same moved "now" as awty's own claims.
 */
final class DueWork {

	private static final String DUE_ROWS = """
			SELECT COUNT(*) AS due, MIN(due_at) AS first_due FROM %s
			WHERE status = 'PENDING' AND due_at <= CURRENT_TIMESTAMP""";

	private static final int LISTED_SCHEDULES = 10;

	private static final String DUE_SCHEDULES = """
			SELECT id, next_fire_at FROM awty_schedule
			WHERE enabled = TRUE AND next_fire_at <= CURRENT_TIMESTAMP
			ORDER BY next_fire_at LIMIT""" + " " + (LISTED_SCHEDULES + 1);

	private final JdbcClient jdbc;

	private final SqlDialect dialect;

	/** The statement counting the due rows of each type, by type name. */
	private final Map<String, String> dueRows;

	private final @Nullable String dueSchedules;

	/**
	 * @param dialect the dialect whose "now" is the test clock's
	 * @param tablesByType the table of each event type, by type name
	 * @param schedules whether recurring schedules are delivered
	 */
	DueWork(DataSource dataSource, SqlDialect dialect, Map<String, String> tablesByType, boolean schedules) {
		this.jdbc = JdbcClient.create(dataSource);
		this.dialect = dialect;
		this.dueRows = new java.util.LinkedHashMap<>();
		tablesByType.forEach((type, table) -> this.dueRows.put(type, dialect.withDatabaseNow(DUE_ROWS.formatted(table))));
		this.dueSchedules = schedules ? dialect.withDatabaseNow(DUE_SCHEDULES) : null;
	}

	/** Everything due now, empty when nothing is. */
	List<String> stillDue() {
		List<String> due = new ArrayList<>();
		this.dueRows.forEach((type, statement) -> this.jdbc.sql(statement).query((rs) -> {
			long count = rs.getLong("due");
			if (count > 0) {
				Instant first = this.dialect.readTimestamp(rs, "first_due");
				due.add(count + " PENDING row(s) of type '" + type + "' due since " + first);
			}
		}));
		if (this.dueSchedules != null) {
			List<String> schedules = new ArrayList<>();
			this.jdbc.sql(this.dueSchedules)
				.query((rs) -> {
					schedules.add("recurring schedule '" + rs.getString("id") + "' due at "
							+ this.dialect.readTimestamp(rs, "next_fire_at"));
				});
			if (schedules.size() > LISTED_SCHEDULES) {
				schedules.set(LISTED_SCHEDULES, "more recurring schedules");
			}
			due.addAll(schedules);
		}
		return due;
	}

}
