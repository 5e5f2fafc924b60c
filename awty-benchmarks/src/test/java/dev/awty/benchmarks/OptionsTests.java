package dev.awty.benchmarks;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.awty.benchmarks.harness.AllPlan;
import dev.awty.benchmarks.harness.Options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class OptionsTests {

	@Test
	void chaosNamesEveryChaosScenarioAndAllNamesNone() {
		assertThat(Options.parse("chaos").scenarios()).isEqualTo(Options.CHAOS).hasSize(10);
		assertThat(Options.parse("all").scenarios()).isEqualTo(Options.ALL).noneMatch((s) -> s.startsWith("chaos"));
	}

	@Test
	void chaosScenariosCanBeNamedOneByOneWithTheirFlags() {
		Options options = Options.parse("chaos-failover,chaos-kill", "--lease", "30", "--kills", "5");

		assertThat(options.scenarios()).containsExactly("chaos-failover", "chaos-kill");
		assertThat(options.lease()).isEqualTo(Duration.ofSeconds(30));
		assertThat(options.kills()).isEqualTo(5);
	}

	@Test
	void aNameThatCannotBeAScenarioIsRefusedWithTheUsage() {
		assertThatIllegalArgumentException().isThrownBy(() -> Options.parse("drain,lag;x"))
			.withMessageContaining("'lag;x' is not a scenario name")
			.withMessageContaining("usage:");
	}

	@Test
	void withUrlKeepsEveryOtherOption() {
		Options options = Options.parse("chaos-pg-restart", "--rate", "200", "--lease", "9");

		Options moved = options.withUrl("jdbc:postgresql://127.0.0.1:54330/postgres");

		assertThat(moved.url()).isEqualTo("jdbc:postgresql://127.0.0.1:54330/postgres");
		assertThat(moved.rate()).isEqualTo(200);
		assertThat(moved.lease()).isEqualTo(Duration.ofSeconds(9));
		assertThat(moved.scenarios()).isEqualTo(options.scenarios());
	}

	@Test
	void withoutUrlTheBenchmarkOwnsItsServerAndWithUrlItUsesTheOneNamed() {
		assertThat(Options.parse("drain").url()).as("no --url: a private cluster").isNull();
		assertThat(Options.parse("drain", "--url", "jdbc:postgresql://db:5432/x").url())
			.isEqualTo("jdbc:postgresql://db:5432/x");
	}

	@Test
	void allRunsTheVacuumStarvedScenarioAndQuickRunsOnlyWhenNamed() {
		assertThat(Options.parse("all").scenarios()).contains("vacuum-starved").doesNotContain("quick");
		assertThat(Options.parse("quick").scenarios()).containsExactly("quick");
	}

	@Test
	void soakRunsAnHourWithAHundredThousandSchedulesAndAKillEveryTenMinutesUnlessToldOtherwise() {
		Options soak = Options.parse("soak");

		assertThat(soak.duration()).isEqualTo(Duration.ofHours(1));
		assertThat(soak.schedules()).isEqualTo(100_000);
		assertThat(soak.killInterval()).isEqualTo(Duration.ofMinutes(10));
		assertThat(soak.reportInterval()).isEqualTo(Duration.ofMinutes(1));
		Options shortened = Options.parse("soak", "--duration", "600", "--kill-interval", "150", "--schedules", "1000");
		assertThat(shortened.duration()).isEqualTo(Duration.ofMinutes(10));
		assertThat(shortened.killInterval()).isEqualTo(Duration.ofSeconds(150));
		assertThat(shortened.schedules()).isEqualTo(1000);
		assertThat(Options.parse("recurring").schedules()).isEqualTo(1_000_000);
	}

	@Test
	void soakRefusesAKillIntervalThatWouldKillNoInstanceWithinItsDuration() {
		assertThatIllegalArgumentException().isThrownBy(() -> Options.parse("soak", "--duration", "60"))
			.withMessage("--kill-interval (600 s) must be shorter than --duration (60 s): the soak kills an instance"
					+ " every --kill-interval and at least once");
	}

	@Test
	void allRunsEveryScenarioOfTheTargetsWithBrokerAndTheFastLagButNotQuickLimitsSoakOrChaos() {
		assertThat(Options.parse("all").scenarios()).containsExactly("drain", "lag", "lag-5000", "broker",
				"vacuum-starved", "backlog", "schedule", "reschedule", "recurring", "history");
		assertThat(Options.parse("all").all()).isTrue();
		assertThat(Options.parse("drain,lag").all()).isFalse();
	}

	@Test
	void allSizesItsLagStepsForTheTargetsUnlessAFlagIsGiven() {
		Options all = Options.parse("all");

		assertThat(AllPlan.step("lag", all)).extracting(Options::rate, Options::duration, Options::repetitions)
			.containsExactly(1000, Duration.ofSeconds(600), 1);
		assertThat(AllPlan.step("lag-5000", all)).extracting(Options::rate, Options::duration, Options::repetitions)
			.containsExactly(5000, Duration.ofSeconds(120), 1);
		assertThat(AllPlan.step("vacuum-starved", all)).extracting(Options::duration, Options::repetitions)
			.containsExactly(Duration.ofSeconds(120), 1);
		assertThat(AllPlan.step("backlog", all).duration()).isEqualTo(Duration.ofSeconds(60));
		assertThat(AllPlan.step("drain", all)).extracting(Options::rows, Options::repetitions).containsExactly(200_000, 3);
		assertThat(AllPlan.step("broker", all).rows()).isEqualTo(200_000);
		assertThat(AllPlan.step("history", all)).extracting(Options::rows, Options::historyDays, Options::historyRows)
			.containsExactly(50_000, 2, 30_000_000);
		assertThat(AllPlan.step("history", Options.parse("all", "--history-rows", "1000")).historyRows()).isEqualTo(1000);
		assertThat(AllPlan.step("recurring", all)).extracting(Options::duration, Options::repetitions)
			.containsExactly(Duration.ofSeconds(60), 3);
		assertThat(AllPlan.step("drain", Options.parse("all", "--rows", "1000")).rows()).isEqualTo(1000);
		assertThat(AllPlan.step("drain", Options.parse("drain")).rows()).isEqualTo(50_000);
		Options shortened = Options.parse("all", "--duration", "20", "--rate", "300");
		assertThat(AllPlan.step("lag", shortened)).extracting(Options::rate, Options::duration, Options::repetitions)
			.containsExactly(300, Duration.ofSeconds(20), 1);
		assertThat(AllPlan.step("lag-5000", shortened).rate()).isEqualTo(300);
	}

	@Test
	void aScenarioNamedAloneKeepsItsDefaultsButLag5000RunsAt5000() {
		Options lag = Options.parse("lag,lag-5000");

		assertThat(AllPlan.step("lag", lag)).extracting(Options::rate, Options::duration, Options::repetitions)
			.containsExactly(1000, Duration.ofSeconds(10), 3);
		assertThat(AllPlan.step("lag-5000", lag).rate()).isEqualTo(5000);
		assertThat(AllPlan.step("lag-5000", Options.parse("lag-5000", "--rate", "2000")).rate()).isEqualTo(2000);
	}

	@Test
	void theSmokeSizesOfAllStayTinyAndLeaveTheBrokerToItsOwnTest() {
		Options smoke = Options.parse("all").smoke(java.nio.file.Path.of("out"));

		assertThat(smoke.scenarios()).doesNotContain("broker").contains("lag-5000");
		assertThat(AllPlan.step("lag", smoke).duration()).isEqualTo(Duration.ofSeconds(2));
		assertThat(AllPlan.step("lag-5000", smoke).rate()).isEqualTo(200);
	}

}
