package dev.awty.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.report.Delivery;
import dev.awty.benchmarks.report.ReportWriter;
import dev.awty.benchmarks.report.Results;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Runs every scenario at a tiny size on PostgreSQL, so the harness keeps compiling and working. No figure is
 * asserted: a loaded CI machine says nothing about speed.
 */
@Tag("benchmark-smoke")
class BenchmarkIntegrationTests {

	private static final Pattern SCHEMA = Pattern.compile("^(.*)[?&]currentSchema=([a-z0-9_]+)$");

	@Test
	void everyScenarioDeliversEveryRowExactlyOnceForEverySystemAndWritesItsReport(@TempDir Path out) throws Exception {
		TestDatabase database = TestDatabases.postgres();
		Matcher url = SCHEMA.matcher(database.url());
		assertThat(url.matches()).as("test database URL %s names its schema", database.url()).isTrue();
		Options options = Options
			.parse("all", "--url", url.group(1), "--user", database.username(), "--password", database.password(),
					"--schema", url.group(2))
			.smoke(out);

		Results results = new Benchmark(options, "all (smoke)").run();

		assertThat(results.failures()).as("scenarios that failed").isEmpty();
		List<Delivery> deliveries = results.deliveries();
		assertThat(deliveries).extracting(Delivery::scenario, Delivery::system)
			.contains(tuple("drain", Results.AWTY),
					tuple("drain", Results.AWTY_TRACED),
					tuple("drain", Results.AWTY_X2),
					tuple("drain", Results.AWTY_LEADER),
					tuple("drain", Results.AWTY_HISTORY_NONE),
					tuple("drain", Results.DB_SCHEDULER),
					tuple("drain", Results.DB_SCHEDULER_DEFAULTS),
					tuple("drain", Results.RAW_RELAY),
					tuple("drain", Results.RAW_CLAIM_MARK),
					tuple("drain", Results.QUARTZ),
					tuple("lag", Results.AWTY),
					tuple("lag", Results.DB_SCHEDULER),
					tuple("lag-5000", Results.AWTY),
					tuple("backlog", Results.AWTY),
					tuple("backlog", Results.AWTY_EMPTY_TABLE),
					tuple("backlog", Results.DB_SCHEDULER),
					tuple("recurring", Results.AWTY),
					tuple("history", Results.AWTY + " history all"),
					tuple("history", Results.AWTY + " history none"),
					tuple("vacuum-starved", Results.AWTY),
					tuple("vacuum-starved", Results.DB_SCHEDULER));
		// Quartz's cron triggers may fall more than the scenario's grace minute behind on a loaded machine: that is
		// a figure the scenario records, not a fault of the harness; a duplicate would be one.
		Predicate<Delivery> quartzRecurring = (delivery) -> delivery.scenario().equals("recurring")
				&& delivery.system().equals(Results.QUARTZ);
		assertThat(deliveries).filteredOn(quartzRecurring.negate())
			.allSatisfy((delivery) -> assertThat(delivery.exactlyOnce()).as(delivery.toString()).isTrue());
		assertThat(deliveries).filteredOn(quartzRecurring)
			.singleElement()
			.satisfies((delivery) -> assertThat(delivery.duplicates()).as(delivery.toString()).isZero())
			.satisfies((delivery) -> assertThat(delivery.received()).as(delivery.toString()).isPositive());
		assertThat(results.find("schedule", Results.AWTY, "batch/s")).isPresent();
		assertThat(results.find("schedule", Results.DB_SCHEDULER, "batch/s")).isPresent();
		assertThat(results.find("reschedule", Results.AWTY, "seconds")).isPresent();
		assertThat(results.find("reschedule", Results.DB_SCHEDULER, "seconds")).isPresent();
		assertThat(results.find("reschedule", Results.AWTY_JPA, "seconds")).isPresent();
		assertThat(results.comparisons()).anySatisfy((line) -> assertThat(line).startsWith("drain awty/db-scheduler = "))
			.anySatisfy((line) -> assertThat(line).startsWith("drain awty/relay = "))
			.anySatisfy((line) -> assertThat(line).startsWith("drain awty history none/relay = "))
			.anySatisfy((line) -> assertThat(line).startsWith("drain awty/claim+mark = "))
			.anySatisfy((line) -> assertThat(line).startsWith("drain awty/quartz = "))
			.anySatisfy((line) -> assertThat(line).startsWith("drain awty traced/awty = "))
			.anySatisfy((line) -> assertThat(line).startsWith("lag p99 awty = "))
			.anySatisfy((line) -> assertThat(line).startsWith("recurring lag p99 awty = "))
			.anySatisfy((line) -> assertThat(line).startsWith("history drain all/none = "))
			.anySatisfy((line) -> assertThat(line).startsWith("vacuum-starved lag p99 awty = "))
			.anySatisfy((line) -> assertThat(line).startsWith("vacuum-starved/lag p99 awty = "))
			.anySatisfy((line) -> assertThat(line).startsWith("vacuum-starved per delivered row awty skip-locked: "));
		// every delivered row was marked: one row version that the held horizon keeps dead (its batch was held in one
		// transaction, whose claim writes none)
		assertThat(results.find("vacuum-starved", Results.AWTY, "updates per row"))
			.hasValueSatisfying((updates) -> assertThat(updates.median()).isGreaterThanOrEqualTo(1));
		assertThat(results.find("vacuum-starved", Results.AWTY, "dead tuples per row"))
			.hasValueSatisfying((dead) -> assertThat(dead.median()).isGreaterThanOrEqualTo(1));
		assertThat(results.find("vacuum-starved", Results.AWTY, "t+002s lag p99")).isPresent();
		assertThat(results.find("lag", Results.AWTY, "t+010s lag p99")).as("lag per 10 s").isPresent();
		// every target of every scenario that ran is judged, broker's left out with the scenario
		assertThat(results.targets()).allMatch((line) -> line.matches("target .+: .+ vs (>=|<=|<) .+ (met|MISSED)"))
			.anySatisfy((line) -> assertThat(line).startsWith("target drain awty/relay, history none, skip-locked (#48): "))
			.anySatisfy((line) -> assertThat(line).startsWith("target lag at 200 events/s for 2 s")
				.contains(" p99 (#48; #33 production-like): "))
			.anySatisfy((line) -> assertThat(line).startsWith("target lag-5000 at 200 events/s for 2 s").contains(" p99 (#29, #48): "))
			.anySatisfy((line) -> assertThat(line).startsWith("target vacuum-starved/lag p99, the production-like lag run (#33): "))
			.anySatisfy((line) -> assertThat(line).startsWith("target every event exactly once, awty skip-locked: "))
			.anySatisfy((line) -> assertThat(line).startsWith("target history day retired: "))
			.anySatisfy((line) -> assertThat(line).startsWith("target history one row's history (days of "))
			.anySatisfy((line) -> assertThat(line)
				.startsWith("target drain database processor time per history entry, awty history all - none (#48): "))
			.noneMatch((line) -> line.startsWith("target broker"));
		assertThat(results.find("recurring", Results.AWTY, "createAll/s")).isPresent();
		assertThat(Files.readString(out.resolve(ReportWriter.JSON))).contains("\"summaries\"", "\"deliveries\"",
				"\"db-scheduler\"", "\"raw relay\"", "\"raw claim+mark\"");
		assertThat(Files.readString(out.resolve(ReportWriter.MARKDOWN))).contains(results.targetSummary() + "\n",
				"- elapsed per scenario: `drain ", "- timed steps: `lag 200/s for 2 s x 1, lag-5000 200/s for 2 s x 1",
				"### drain\n", "| awty skip-locked | events/s |", "### vacuum-starved\n",
				"drain awty/db-scheduler = ", "- server: `the server at " + url.group(1), "- server settings: `autovacuum ",
				"synchronous_commit ", "fsync ", "shared_buffers ", "max_connections ",
				"- table settings (awty's and the raw loops' tables): `fillfactor=50, autovacuum_vacuum_scale_factor=0,"
						+ " autovacuum_vacuum_threshold=10000`");
	}

}
