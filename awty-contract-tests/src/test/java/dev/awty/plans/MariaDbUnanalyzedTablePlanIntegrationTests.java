package dev.awty.plans;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import dev.awty.repository.EventRepositories;
import dev.awty.testing.StatementRecorder.Recorded;
import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;

class MariaDbUnanalyzedTablePlanIntegrationTests extends UnanalyzedTablePlanContractTests {

	// Statements that read their whole table with statistics too: no index serves LIKE on the id of a
	// non-binary collation.
	private static final Map<String, String> WHOLE_TABLE = Map.ofEntries(
			Map.entry("FROM awty_schedule WHERE id LIKE", "recurring schedules listed and counted by id prefix"));

	MariaDbUnanalyzedTablePlanIntegrationTests() {
		super(TestDatabases::mariadb);
	}

	// InnoDB reports a cardinality of 2 for every index of a table never analyzed: the scheduled table looked like half
	// of it per purchase, and the caller's join read it whole (with or without awty around it) until the purchases of
	// the album were read first and their scheduled rows looked up by the join column's index.
	@Test
	void joinRescheduleRightAfterABulkLoadReadsTheAlbumsPurchasesFirstThenTheirScheduledRowsByIndex()
			throws SQLException {
		Instant later = Instant.now().plus(Duration.ofDays(2));
		List<Recorded> statements = recordOperations(2_000, 2,
				(context) -> album(context.getBean(EventRepositories.class), 2).rescheduleTo(later));
		Recorded reschedule = statements.stream()
			.filter((statement) -> statement.sql().contains("UPDATE (SELECT DISTINCT awty_s.id"))
			.findFirst()
			.orElseThrow();

		List<String> plan = plan(reschedule);

		assertThat(plan).as(reschedule.toString())
			.anySatisfy((row) -> assertThat(row).contains("table=p |").contains("key=purchase_album |"))
			.anySatisfy((row) -> assertThat(row).contains("table=e |")
				.contains("type=ref |")
				.contains("key=scheduled_test_purchase_purchase |"))
			.noneSatisfy((row) -> assertThat(row).contains("type=ALL |").doesNotContain("table=<"));
	}

	@Override
	void keepWithoutStatistics(String table) {
		this.jdbc.execute("ALTER TABLE " + table + " STATS_PERSISTENT = 1 STATS_AUTO_RECALC = 0");
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
	// the rows the statement touches. A table after the first of its select, read by a constant (a range, or ref=const)
	// without a join buffer, is read again for every row of the tables before it: that made a retry through a join
	// read the 1,000 FAILED rows 5,000 times (27 s).
	@Override
	List<String> problems(List<String> plan) {
		List<String> problems = new ArrayList<>();
		Set<String> selects = new HashSet<>();
		for (String row : plan) {
			boolean first = selects.add(row.substring(0, row.indexOf(" |")));
			if ((row.contains("type=ALL") || row.contains("type=index |")) && !row.contains("table=<")) {
				problems.add("whole table: " + row);
			}
			if (!first && !row.contains("join buffer")
					&& (row.contains("type=range |") || (row.contains("type=ref |") && row.contains("| ref=const |")))) {
				problems.add("read again for every row before it: " + row);
			}
		}
		return problems;
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
