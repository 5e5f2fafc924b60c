package dev.awty.benchmarks.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class TargetsTests {

	@Test
	void aTargetLineGivesTheFigureTheLimitAndMetOrMissed() {
		assertThat(new Target("lag p99", 12.34, " ms", Target.Comparison.AT_MOST, 25).line())
			.isEqualTo("target lag p99: 12.3 ms vs <= 25 ms met");
		assertThat(new Target("drain awty/relay", 0.45, "x", Target.Comparison.AT_LEAST, 0.7).line())
			.isEqualTo("target drain awty/relay: 0.45x vs >= 0.70x MISSED");
		assertThat(new Target("dead tuples", 2.0, "", Target.Comparison.BELOW, 2.0).met()).as("below is strict").isFalse();
		assertThat(new Target("drain", Double.NaN, "x", Target.Comparison.AT_LEAST, 0.7).line())
			.isEqualTo("target drain: no figure vs >= 0.70x MISSED");
	}

	@Test
	void drainTargetsJudgeSkipLockedLeaderAndHistoryNoneAgainstTheRelayLoopAndDbSchedulerButNotTheClaimMarkLoop() {
		Results results = new Results();
		results.ran("drain");
		drain(results, Results.RAW_RELAY, 10_000, 0.002);
		drain(results, Results.RAW_CLAIM_MARK, 8_000, 0.005);
		drain(results, Results.DB_SCHEDULER, 1_500, 0.5);
		drain(results, Results.AWTY, 8_500, 0.01);
		drain(results, Results.AWTY_LEADER, 7_500, 0.03);
		drain(results, Results.AWTY_HISTORY_NONE, 9_400, 0.01);

		results.add("drain", Results.AWTY, "jvm cpu/event", "µs", 12, 1);
		results.add("drain", Results.RAW_RELAY, "jvm cpu/event", "µs", 5, 1);
		results.add("drain", Results.AWTY, "updates/event", "row versions", 1.0, 1);
		results.add("drain", Results.AWTY, "database cpu/event", "µs", 20, 1);
		results.add("drain", Results.AWTY_HISTORY_NONE, "database cpu/event", "µs", 10, 1);

		assertThat(results.targets()).contains(
				"target drain awty/relay, history all, skip-locked (#48): 0.85x vs >= 0.80x met",
				"target drain awty/db-scheduler, history all, skip-locked (#48): 5.67x vs >= 6x MISSED",
				"target drain awty/relay, history all, leader (#48): 0.75x vs >= 0.80x MISSED",
				"target drain awty/db-scheduler, history all, leader (#48): 5x vs >= 6x MISSED",
				"target drain awty/relay, history none, skip-locked (#48): 0.94x vs >= 0.95x MISSED",
				"target drain commits per event, awty skip-locked and leader (the larger) (#48): 0.0300 vs <= 0.0100 MISSED",
				"target drain JVM processor time per event, awty/relay, skip-locked (#48): 2.40x vs <= 1.50x MISSED",
				"target drain row versions per delivered row, awty skip-locked (#48): 1 vs <= 1.10 met",
				"target drain database processor time per history entry, awty history all - none (#48): 10 µs vs <= 9.33 µs MISSED")
			.noneMatch((line) -> line.contains("claim+mark"));
		assertThat(results.targetSummary()).isEqualTo("targets met 2 of 9");
	}

	@Test
	void lagTargetsNameTheRateDurationAndARateFallenShortAndJudgeTheWholeRunAndItsLastMinuteAgainstItsFirst() {
		Results results = new Results();
		results.ran("lag");
		results.ran("lag-5000");
		results.label("lag", "1,000 events/s for 600 s", 1000);
		results.label("lag-5000", "5,000 events/s for 120 s", 5000);
		results.add("lag", Results.AWTY, "scheduled/s", "events/s", 996, 1);
		results.add("lag-5000", Results.AWTY, "scheduled/s", "events/s", 1598, 1);
		results.add("lag", Results.AWTY, "lag p99", "ms", 20, 1);
		results.add("lag", Results.AWTY, "lag p99 first minute", "ms", 10, 1);
		results.add("lag", Results.AWTY, "lag p99 last minute", "ms", 16, 1);
		results.add("lag-5000", Results.AWTY, "lag p99", "ms", 51, 1);

		assertThat(results.targets()).containsSubsequence(
				"target lag at 1,000 events/s for 600 s p99 (#48; #33 production-like): 20 ms vs <= 15 ms MISSED",
				"target lag at 1,000 events/s for 600 s p99 last minute/first minute (#29, #48; #33 production-like): 1.60x vs <= 1.50x MISSED",
				"target lag-5000 at 5,000 events/s for 120 s (1,598/s achieved) p99 (#29, #48): 51 ms vs <= 50 ms MISSED",
				"target lag-5000 rate the producers reached (#48): 1,598/s vs >= 2,500/s MISSED");
	}

	@Test
	void aScenarioThatRanWithoutFiguresMissesItsTargetsAndOneThatDidNotRunHasNone() {
		Results results = new Results();
		results.ran("broker");

		assertThat(results.targets()).contains("target broker kafka awty/relay, skip-locked (#48): no figure vs >= 0.85x MISSED",
				"target broker kafka awty/relay, skip-locked history none (#48): no figure vs >= 0.95x MISSED")
			.noneMatch((line) -> line.startsWith("target drain"))
			.noneMatch((line) -> line.startsWith("target vacuum-starved"));
		assertThat(results.targetSummary()).isEqualTo("targets met 0 of 6");
	}

	@Test
	void vacuumStarvedIsJudgedAgainstTheProductionLikeLagRunAndTodaysDeadTuples() {
		Results results = new Results();
		results.ran("lag");
		results.ran(Results.VACUUM_STARVED);
		results.add("lag", Results.AWTY, "lag p99", "ms", 20, 1);
		results.add(Results.VACUUM_STARVED, Results.AWTY, "lag p99", "ms", 70, 1);
		results.add(Results.VACUUM_STARVED, Results.AWTY, "dead tuples per row", "tuples", 1.5, 1);

		assertThat(results.targets()).contains("target vacuum-starved lag p99 (#33): 70 ms vs <= 100 ms met",
				"target vacuum-starved/lag p99, the production-like lag run (#33): 3.50x vs <= 3x MISSED",
				"target vacuum-starved dead tuples per delivered row, awty, below 290fa67's (#33): 1.50 vs < 2 met");
	}

	@Test
	void everyAwtySystemMustDeliverEveryEventExactlyOnceInEveryRunButPeersAreNotJudged() {
		Results results = new Results();
		results.delivered("drain", Results.AWTY, 1, 100, 100, 0);
		results.delivered("lag", Results.AWTY, 1, 100, 100, 1);
		results.delivered("broker", "kafka " + Results.AWTY, 1, 100, 100, 0);
		results.delivered(Results.VACUUM_STARVED, Results.DB_SCHEDULER, 1, 100, 90, 0);

		assertThat(results.targets()).containsExactly(
				"target every event exactly once, awty skip-locked: runs with a loss or duplicate, of 2 (#29): 1 vs <= 0 MISSED",
				"target every event exactly once, kafka awty skip-locked: runs with a loss or duplicate, of 1 (#29): 0 vs <= 0 met");
	}

	@Test
	void aFigureThatRoundsToItsLimitIsPrintedWithTheDigitsThatDecideIt() {
		assertThat(new Target("history drain all/none", 0.79851, "x", Target.Comparison.AT_LEAST, 0.8).line())
			.isEqualTo("target history drain all/none: 0.7985x vs >= 0.80x MISSED");
		assertThat(new Target("history drain all/none", 0.8, "x", Target.Comparison.AT_LEAST, 0.8).line())
			.isEqualTo("target history drain all/none: 0.80x vs >= 0.80x met");
	}

	@Test
	void aRunUnderFaultsIsJudgedOnLossesAloneItsRedeliveriesBeingTheCrashBounds() {
		Results results = new Results();
		results.deliveredUnderFaults("soak", "awty x3", 100, 100, 7);
		results.deliveredUnderFaults("chaos-kill", Results.AWTY, 100, 99, 0);

		assertThat(results.targets()).containsExactly(
				"target no event lost under faults, awty x3: runs with a loss, of 1 (#30): 0 vs <= 0 met",
				"target no event lost under faults, awty skip-locked: runs with a loss, of 1 (#30): 1 vs <= 0 MISSED");
	}

	@Test
	void theMarkdownEndsWithEveryTargetAndTheCountAndFoldsWindowsIntoOneRow(@TempDir Path out) throws Exception {
		Results results = new Results();
		results.ran("lag");
		results.add("lag", Results.AWTY, "lag p99", "ms", 12, 1);
		results.add("lag", Results.AWTY, "t+010s lag p99", "ms", 11, 1);
		results.add("lag", Results.AWTY, "t+020s lag p99", "ms", 12.5, 1);
		results.add("lag", Results.AWTY, "lag max", "ms", 30, 1);

		new ReportWriter(results, Map.of("command", "lag")).write(out);

		String md = Files.readString(out.resolve(ReportWriter.MARKDOWN));
		assertThat(md).contains("| awty skip-locked | lag p99 | 12.0 | ms |\n| awty skip-locked | lag p99 at t+10…20 s | 11.0, 12.5 | ms |\n"
				+ "| awty skip-locked | lag max | 30.0 | ms |\n")
			.contains("target lag p99 (#48; #33 production-like): 12 ms vs <= 15 ms met\n")
			.contains("targets met 1 of 2\n")
			.contains(ReportWriter.NOT_JUDGED);
	}

	private static void drain(Results results, String system, double eventsPerSecond, double commitsPerEvent) {
		results.add("drain", system, "events/s", "events/s", eventsPerSecond, 1);
		results.add("drain", system, "commits/event", "commits", commitsPerEvent, 1);
	}

}
