package dev.awty.benchmarks.scenario;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import dev.awty.benchmarks.broker.OutboxRelay;
import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The raw loops run on their good plan: once a repetition's rows are loaded into the table just emptied and
 * vacuumed, the relay's claim walks the pending index to its limit instead of reading every pending row through a
 * bitmap and sorting them, which halved the raw loops' rate.
 */
class RawLoopPlanIntegrationTests {

	private static final Pattern SCHEMA = Pattern.compile("^(.*)[?&]currentSchema=([a-z0-9_]+)$");

	@Test
	void theRelaysClaimWalksThePendingIndexOnceTheLoadedRowsAreAnalyzed() {
		TestDatabase test = TestDatabases.postgres();
		Matcher url = SCHEMA.matcher(test.url());
		assertThat(url.matches()).as("test database URL %s names its schema", test.url()).isTrue();
		BenchDatabase database = new BenchDatabase(Options.parse("drain", "--url", url.group(1), "--user",
				test.username(), "--password", test.password(), "--schema", url.group(2)));
		database.recreate();
		database.clearRuns();

		Rows.awty(database, BenchDatabase.RAW, 0, 20_000, Rows.DUE_NOW);
		Rows.analyze(database, BenchDatabase.RAW);

		String explained = explain(database, OutboxRelay.CLAIM.replace("LIMIT ?", "LIMIT 500"));
		assertThat(explained).as(explained)
			.contains("Index Scan using " + BenchDatabase.RAW + "_pending_due")
			.doesNotContain("Bitmap")
			.doesNotContain("Sort");
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
