package dev.awty.benchmarks.scenario;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import org.junit.jupiter.api.Test;

import dev.awty.benchmarks.broker.OutboxRelay;
import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.TestBenchDatabase;
import dev.awty.benchmarks.rawsql.RawRelayDrain;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The raw loops run on their good plan: once a repetition's rows are loaded into the table just emptied and
 * vacuumed, the relays' claims (into a broker and in the drain) walk the pending index to its limit instead of
 * reading every pending row through a bitmap and sorting them, which halved the raw loops' rate.
 */
class RawLoopPlanIntegrationTests {

	@Test
	void theRelaysClaimsWalkThePendingIndexOnceTheLoadedRowsAreAnalyzed() {
		BenchDatabase database = TestBenchDatabase.postgres("drain");
		database.recreate();
		database.clearRuns();

		Rows.awty(database, BenchDatabase.RAW, 0, 20_000, Rows.DUE_NOW);
		Rows.analyze(database, BenchDatabase.RAW);

		for (String claim : new String[] { OutboxRelay.CLAIM, RawRelayDrain.CLAIM }) {
			String explained = explain(database, claim.replace("LIMIT ?", "LIMIT 500"));
			assertThat(explained).as(explained)
				.contains("Index Scan using " + BenchDatabase.RAW + "_pending_due")
				.doesNotContain("Bitmap")
				.doesNotContain("Sort");
		}
	}

	private static String explain(BenchDatabase database, String statement) {
		StringBuilder plan = new StringBuilder();
		try (Connection connection = database.connect(); Statement explain = connection.createStatement();
				ResultSet rows = explain.executeQuery("EXPLAIN " + statement)) {
			while (rows.next()) {
				plan.append(rows.getString(1)).append('\n');
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
		return plan.toString();
	}

}
