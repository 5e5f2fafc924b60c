package dev.awty.plans;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import dev.awty.repository.EventRepositories;
import dev.awty.testing.StatementRecorder.Recorded;

import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;

class PostgresUnanalyzedTablePlanIntegrationTests extends UnanalyzedTablePlanContractTests {

	PostgresUnanalyzedTablePlanIntegrationTests() {
		super(TestDatabases::postgres);
	}

	// The case of issue 15: with "id IN (sub-select)" PostgreSQL planned a nested loop semi join that ran the join
	// once per row of the table (195 s; 20 s statement timeout here). Now the join runs once, as an InitPlan.
	@Test
	void joinRescheduleOfTwoAlbumsOfAThousandPurchasesRightAfterTheirBulkLoadRunsTheJoinOnce()
			throws SQLException {
		Instant later = Instant.now().plus(Duration.ofDays(2));
		List<Recorded> statements = recordOperations(2_000, 2,
				(context) -> album(context.getBean(EventRepositories.class), 2).rescheduleTo(later));
		Recorded reschedule = statements.stream()
			.filter((statement) -> statement.sql().startsWith("UPDATE scheduled_test_purchase SET due_at"))
			.findFirst()
			.orElseThrow();

		List<String> plan = plan(reschedule);

		assertThat(String.join("\n", plan)).as(reschedule.toString())
			.contains("InitPlan")
			.contains("id = ANY")
			.doesNotContain("Semi Join")
			.doesNotContain("SubPlan");
	}

	@Override
	void keepWithoutStatistics(String table) {
		jdbc().execute("ALTER TABLE " + table + " SET (autovacuum_enabled = false)");
	}

	@Override
	String statementTimeoutOfTwentySeconds() {
		return "SET statement_timeout = '20s'";
	}

	@Override
	String numbers(int count) {
		return "generate_series(1, " + count + ") AS g(n)";
	}

	@Override
	String nowPlusDays(String days) {
		return "(CURRENT_TIMESTAMP + (" + days + ") * INTERVAL '1 day')";
	}

	@Override
	String explainPrefix() {
		return "EXPLAIN ";
	}

	// A sequential scan reads the whole table; a SubPlan runs once per outer row; a nested loop whose join condition
	// is a Join Filter rather than an index condition compares every pair of rows.
	@Override
	List<String> problems(List<String> plan) {
		List<String> problems = new ArrayList<>();
		for (int line = 0; line < plan.size(); line++) {
			String text = plan.get(line);
			if (text.contains("Seq Scan")) {
				problems.add("sequential scan: " + text.strip());
			}
			if (text.contains("SubPlan")) {
				problems.add("sub-plan run per row: " + text.strip());
			}
			if (text.contains("Nested Loop") && line + 1 < plan.size() && plan.get(line + 1).contains("Join Filter")) {
				problems.add("nested loop comparing every pair: " + text.strip());
			}
		}
		return problems;
	}

	// Statements that read their whole table on PostgreSQL with statistics too: no index serves them (FAILED and
	// DELIVERED rows are not in the pending-only index; LIKE on a non-C collation cannot use the primary key), so
	// statistics would not change their plan.
	private static final Map<String, String> WHOLE_TABLE = Map.ofEntries(
			Map.entry("SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = 'FAILED'", "backlog count of FAILED rows"),
			Map.entry("SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = 'DELIVERED'", "backlog count of DELIVERED rows"),
			Map.entry("SELECT id FROM scheduled_test_purchase WHERE status IN ('DELIVERED', 'CANCELLED')", "housekeeping's search for finished rows, stopped by its LIMIT"),
			Map.entry("FROM awty_schedule WHERE id LIKE", "recurring schedules listed and counted by id prefix"),
			Map.entry("status = 'PENDING', due_at = CURRENT_TIMESTAMP, attempts = 0", "retry: FAILED rows have no index"));

	@Override
	@Nullable String fullScanByDesign(String sql) {
		return WHOLE_TABLE.entrySet()
			.stream()
			.filter((entry) -> sql.contains(entry.getKey()))
			.map(Map.Entry::getValue)
			.findFirst()
			.orElse(null);
	}

}
