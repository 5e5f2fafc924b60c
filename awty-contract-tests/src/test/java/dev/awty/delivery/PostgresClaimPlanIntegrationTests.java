package dev.awty.delivery;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

import dev.awty.dialect.PostgresDialect;
import dev.awty.spi.ClaimStatement;
import dev.awty.testing.ScheduledTables;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The claim on PostgreSQL must stay proportional to the batch when the table's statistics are stale: a burst
 * of due rows right after the table was emptied and analyzed once planned a nested loop over the whole table
 * per claimed row (found by the benchmark: 16 s for one batch of 500 among 50,000 rows).
 */
class PostgresClaimPlanIntegrationTests {

	@Test
	void claimLooksClaimedRowsUpByPrimaryKeyEvenWhenStatisticsSayTheTableIsEmpty() {
		TestDatabase database = TestDatabases.postgres();
		JdbcTemplate jdbc = database.jdbc();
		jdbc.execute(ScheduledTables.ddl("scheduled_plan", "    seq BIGINT NOT NULL,\n    due_at TIMESTAMP WITH TIME ZONE NOT NULL,\n"));
		jdbc.execute(new PostgresDialect().schema().pendingIndex("scheduled_plan"));
		jdbc.execute("ANALYZE scheduled_plan");
		jdbc.execute("INSERT INTO scheduled_plan (seq, due_at) SELECT g, CURRENT_TIMESTAMP - INTERVAL '1 minute'"
				+ " FROM generate_series(1, 20000) g");
		String claim = ((ClaimStatement.Returning) new PostgresDialect().claimDueRows()).claim().formatted("scheduled_plan", "due_at");
		MapSqlParameterSource params = new MapSqlParameterSource().addValue("claimer", "test#1")
			.addValue("leaseMillis", 60_000L)
			.addValue("aheadMillis", 0L)
			.addValue("limit", 500);
		NamedParameterJdbcTemplate named = new NamedParameterJdbcTemplate(jdbc);

		String plan = String.join("\n", named.queryForList("EXPLAIN " + claim, params, String.class));
		List<Long> claimed = named.query(claim, params, (rs, row) -> rs.getLong("seq"));

		assertThat(plan).as(plan).contains("Index Cond: (id = ANY").doesNotContain("Nested Loop");
		assertThat(claimed).hasSize(500);
	}

}
