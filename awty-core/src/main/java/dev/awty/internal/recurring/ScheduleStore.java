package dev.awty.internal.recurring;

import java.sql.Types;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.awty.spi.SqlDialect;

/**
 * The create, read, update and delete statements of {@code awty_schedule}. Changes apply only to rows not
 * claimed for delivery right now, and updates only to the version they were computed from.
 */
public final class ScheduleStore {

	public static final String TABLE = "awty_schedule";

	private static final String INSERT = """
			INSERT INTO awty_schedule (id, expression, time_zone, payload, channel, misfire_policy, deadline_millis,
			       enabled, version, next_fire_at, attempts, created_at, updated_at)
			VALUES %s
			""";

	/** One row of {@link #INSERT}; {@code %1$d} numbers its parameters. */
	private static final String INSERT_ROW = """
			(:id%1$d, :expression%1$d, :timeZone%1$d, :payload%1$d, :channel%1$d, :misfirePolicy%1$d, :deadlineMillis%1$d, \
			:enabled%1$d, 1, :nextFireAt%1$d, 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)""";

	/** Rows per multi-row insert: one statement per 100 rows is several times faster than a JDBC batch of rows. */
	private static final int ROWS_PER_INSERT = 500;

	private static final String INSERT_FULL = insertOf(ROWS_PER_INSERT);

	private static final String SELECT_BY_ID = "SELECT * FROM awty_schedule WHERE id = :id";

	private static final String SELECT_EXISTING_IDS = "SELECT id FROM awty_schedule WHERE id IN (:ids)";

	private static final String SELECT_PAGE = """
			SELECT * FROM awty_schedule WHERE id LIKE :prefix ESCAPE '!' AND id > :afterId ORDER BY id LIMIT :limit
			""";

	private static final String COUNT_BY_PREFIX = "SELECT COUNT(*) FROM awty_schedule WHERE id LIKE :prefix ESCAPE '!'";

	/** {@code %s} sets {@code next_fire_at} to a new value, or leaves it as it is. */
	private static final String UPDATE_UNCLAIMED = """
			UPDATE awty_schedule SET expression = :expression, time_zone = :timeZone, payload = :payload,
			       channel = :channel, misfire_policy = :misfirePolicy, deadline_millis = :deadlineMillis,
			       enabled = :enabled, next_fire_at = %s, version = version + 1, attempts = 0,
			       last_error = NULL, claimed_by = NULL, claimed_until = NULL, updated_at = CURRENT_TIMESTAMP
			WHERE id = :id AND version = :version AND (claimed_by IS NULL OR claimed_until < CURRENT_TIMESTAMP)
			""";

	private static final String DELETE_UNCLAIMED = """
			DELETE FROM awty_schedule
			WHERE id = :id AND (claimed_by IS NULL OR claimed_until < CURRENT_TIMESTAMP)
			""";

	private static final String DATABASE_NOW = "SELECT CURRENT_TIMESTAMP AS now_at";

	private final SqlDialect dialect;

	private final JdbcClient jdbc;

	private final NamedParameterJdbcTemplate batchJdbc;

	public ScheduleStore(SqlDialect dialect, JdbcClient jdbc, NamedParameterJdbcTemplate batchJdbc) {
		this.dialect = dialect;
		this.jdbc = jdbc;
		this.batchJdbc = batchJdbc;
	}

	public Instant databaseNow() {
		return this.jdbc.sql(this.dialect.withDatabaseNow(DATABASE_NOW)).query((rs, row) -> this.dialect.readTimestamp(rs, "now_at")).single();
	}

	void insertAll(List<ValidSchedule> schedules, List<@Nullable Instant> nextFireAts) {
		for (int from = 0; from < schedules.size(); from += ROWS_PER_INSERT) {
			int to = Math.min(schedules.size(), from + ROWS_PER_INSERT);
			MapSqlParameterSource parameters = new MapSqlParameterSource();
			for (int i = from; i < to; i++) {
				MapSqlParameterSource row = definitionParameters(schedules.get(i), nextFireAts.get(i));
				for (String name : row.getParameterNames()) {
					parameters.addValue(name + (i - from), row.getValue(name), row.getSqlType(name));
				}
			}
			this.batchJdbc.update(this.dialect.withDatabaseNow((to - from == ROWS_PER_INSERT) ? INSERT_FULL : insertOf(to - from)),
					parameters);
		}
	}

	private static String insertOf(int rows) {
		List<String> values = new java.util.ArrayList<>(rows);
		for (int i = 0; i < rows; i++) {
			values.add(INSERT_ROW.formatted(i));
		}
		return INSERT.formatted(String.join(",\n", values));
	}

	List<String> existingIds(Collection<String> ids) {
		return this.jdbc.sql(SELECT_EXISTING_IDS).param("ids", ids).query(String.class).list();
	}

	Optional<ScheduleRow> find(String id) {
		return this.jdbc.sql(SELECT_BY_ID).param("id", id).query((rs, row) -> ScheduleRow.read(rs, this.dialect)).optional();
	}

	List<ScheduleRow> page(String idPrefix, @Nullable String afterId, int limit) {
		return this.jdbc.sql(SELECT_PAGE)
			.param("prefix", likePrefix(idPrefix))
			.param("afterId", (afterId != null) ? afterId : "")
			.param("limit", limit)
			.query((rs, row) -> ScheduleRow.read(rs, this.dialect))
			.list();
	}

	long count(String idPrefix) {
		return this.jdbc.sql(COUNT_BY_PREFIX).param("prefix", likePrefix(idPrefix)).query(Long.class).single();
	}

	/**
	 * Replaces the definition and sets the next occurrence to {@code nextFireAt}.
	 * @return whether the row at {@code version} was updated (false: claimed right now, changed, or gone)
	 */
	boolean updateUnclaimed(ValidSchedule schedule, @Nullable Instant nextFireAt, long version) {
		return update(UPDATE_UNCLAIMED.formatted(":nextFireAt"), definitionParameters(schedule, nextFireAt), version);
	}

	/**
	 * Replaces the definition and keeps the next occurrence the row holds when the update runs. Not the one read
	 * before it: an occurrence may have been published in between, and writing the time read back would publish it
	 * again.
	 * @return whether the row at {@code version} was updated (false: claimed right now, changed, or gone)
	 */
	boolean updateUnclaimedKeepingNext(ValidSchedule schedule, long version) {
		return update(UPDATE_UNCLAIMED.formatted("next_fire_at"), definitionParameters(schedule, null), version);
	}

	private boolean update(String sql, MapSqlParameterSource parameters, long version) {
		return this.batchJdbc.update(this.dialect.withDatabaseNow(sql), parameters.addValue("version", version)) == 1;
	}

	/** @return whether the row was deleted (false: claimed right now, or gone) */
	boolean deleteUnclaimed(String id) {
		return this.jdbc.sql(this.dialect.withDatabaseNow(DELETE_UNCLAIMED)).param("id", id).update() == 1;
	}

	private MapSqlParameterSource definitionParameters(ValidSchedule schedule, @Nullable Instant nextFireAt) {
		var definition = schedule.definition();
		return new MapSqlParameterSource().addValue("id", definition.id())
			.addValue("expression", schedule.expression().text())
			.addValue("timeZone", schedule.zone().getId())
			.addValue("payload", definition.payload(), Types.VARCHAR)
			.addValue("channel", definition.channel(), Types.VARCHAR)
			.addValue("misfirePolicy", definition.misfirePolicy().value())
			.addValue("deadlineMillis", (definition.deadline() != null) ? definition.deadline().toMillis() : null,
					Types.BIGINT)
			.addValue("enabled", definition.enabled())
			.addValue("nextFireAt", (nextFireAt != null) ? this.dialect.timestampParameter(nextFireAt) : null,
					Types.TIMESTAMP_WITH_TIMEZONE);
	}

	private static String likePrefix(String prefix) {
		return prefix.replace("!", "!!").replace("%", "!%").replace("_", "!_") + "%";
	}

}
