package dev.awty.benchmarks.scenario;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.dialect.PostgresDialect;
import dev.awty.spi.ClaimStatement;

/**
 * The plans of the statements that touch {@code awty_schedule} once per occurrence, read right after the bulk load
 * with no statistics: the claim (awty's PostgreSQL dialect), the next-due look-up and the outcome's update by id
 * (copies of awty's internal statements, with literals for their parameters). None may read the table whole.
 */
final class SchedulePlans {

	// as dev.awty.internal.recurring.source.ScheduleClaims
	private static final String NEXT_DUE = """
			SELECT (SELECT next_fire_at FROM awty_schedule
			        WHERE enabled = TRUE AND next_fire_at > CURRENT_TIMESTAMP
			          AND (claimed_until IS NULL OR claimed_until < CURRENT_TIMESTAMP)
			        ORDER BY next_fire_at LIMIT 1) AS next_at, CURRENT_TIMESTAMP AS now_at
			""";

	// as dev.awty.internal.recurring.source.ScheduleOutcomes
	private static final String MARK_FIRED = """
			UPDATE awty_schedule SET next_fire_at = CURRENT_TIMESTAMP, last_fired_at = CURRENT_TIMESTAMP, attempts = 0,
			       last_error = NULL, claimed_by = NULL, claimed_until = NULL
			WHERE id = 'bulk-1' AND version = 1 AND claimed_by = 'bench'
			""";

	private SchedulePlans() {
	}

	/** Each statement's plan, by name. */
	static Map<String, String> explain(BenchDatabase database) {
		String claim = ((ClaimStatement.Returning) new PostgresDialect().claimDueSchedules()).claim()
			.formatted("awty_schedule")
			.replace(":claimer", "'bench'")
			.replace(":leaseMillis", "30000")
			.replace(":aheadMillis", "500")
			.replace(":limit", "500");
		Map<String, String> plans = new LinkedHashMap<>();
		try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
			for (Map.Entry<String, String> sql : Map.of("claim", claim, "next due", NEXT_DUE, "mark fired", MARK_FIRED)
				.entrySet()) {
				List<String> lines = new ArrayList<>();
				try (ResultSet plan = statement.executeQuery("EXPLAIN " + sql.getValue())) {
					while (plan.next()) {
						lines.add(plan.getString(1));
					}
				}
				plans.put(sql.getKey(), String.join("\n", lines));
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("cannot explain awty's schedule statements", ex);
		}
		return plans;
	}

	/** The statements whose plan reads {@code awty_schedule} whole. */
	static List<String> sequentialScans(Map<String, String> plans) {
		return plans.entrySet()
			.stream()
			.filter((plan) -> plan.getValue().contains("Seq Scan on awty_schedule"))
			.map(Map.Entry::getKey)
			.toList();
	}

}
