package dev.awty.plans;

import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.awty.testing.TestDatabases;

class MariaDbUnanalyzedTablePlanIntegrationTests extends UnanalyzedTablePlanContractTests {

	// Statements that read their whole table with statistics too: no index serves LIKE on the id of a
	// non-binary collation.
	private static final Map<String, String> WHOLE_TABLE = Map.ofEntries(
			Map.entry("FROM awty_schedule WHERE id LIKE", "recurring schedules listed and counted by id prefix"));

	MariaDbUnanalyzedTablePlanIntegrationTests() {
		super(TestDatabases::mariadb);
	}

	@Override
	void keepWithoutStatistics(String table) {
		jdbc().execute("ALTER TABLE " + table + " STATS_PERSISTENT = 1 STATS_AUTO_RECALC = 0");
	}

	@Override
	String statementTimeoutOfTwentySeconds() {
		return "SET max_statement_time = 20";
	}

	@Override
	String numbers(int count) {
		return "(SELECT seq AS n FROM seq_1_to_" + count + ") g";
	}

	@Override
	String nowPlusDays(String days) {
		return "TIMESTAMPADD(DAY, (" + days + "), UTC_TIMESTAMP(6))";
	}

	@Override
	String explainPrefix() {
		return "EXPLAIN ";
	}

	// type ALL reads the whole table; type index reads the whole of an index. A derived table (<derivedN>) holds only
	// the rows the statement touches. Open: the caller's own join (the scheduled table as "e" joined to theirs) reads
	// the scheduled table, with or without awty around it: InnoDB reports a cardinality of 2 for every index of a
	// table never analyzed, so a lookup by the join column looks like half the table. With statistics (computed in
	// the background a moment after a bulk load by default) it goes through the join column's index. What awty adds
	// around that join must stay proportional: the changed table is read by primary key.
	@Override
	List<String> problems(List<String> plan) {
		return plan.stream()
			.filter((row) -> row.contains("type=ALL") || row.contains("type=index |"))
			.filter((row) -> !row.contains("table=<"))
			.filter((row) -> !row.contains("table=e |"))
			.map((row) -> "whole table: " + row)
			.toList();
	}

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
