package dev.awty.internal.wakeup;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WakeUpPlanTests {

	private static final Duration POLL = Duration.ofSeconds(1);

	private final MovableClock clock = new MovableClock(Instant.parse("2026-03-01T10:00:00Z"));

	private final WakeUpPlan plan = new WakeUpPlan(this.clock);

	@Test
	void withNothingToldTheNextRunIsOnePollIntervalAway() {
		assertThat(this.plan.nextRun(POLL)).isEqualTo(this.clock.instant().plus(POLL));
	}

	@Test
	void aRowDueBeforeTheNextPollBringsTheRunForwardToItsDueTime() {
		Instant dueAt = this.clock.instant().plusMillis(200);
		this.plan.add(dueAt, true);
		this.plan.add(dueAt.plusMillis(100), false);

		assertThat(this.plan.nextRun(POLL)).isEqualTo(dueAt);
	}

	@Test
	void aCycleStartingAtATimeItWasToldOfRunsForThatDueTime() {
		this.plan.add(this.clock.instant().plusMillis(200), false);
		assertThat(this.plan.dueTimeReached()).isFalse();

		this.clock.advance(Duration.ofMillis(200));

		assertThat(this.plan.dueTimeReached()).isTrue();
		this.plan.cycleStarting();
		assertThat(this.plan.dueTimeReached()).as("covered by the cycle that started").isFalse();
	}

	@Test
	void aCycleStartingWithNothingDueThatItWasToldOfRunsForThePollInterval() {
		this.plan.add(this.clock.instant().plusSeconds(5), false);
		this.clock.advance(POLL);

		assertThat(this.plan.dueTimeReached()).isFalse();
	}

	@Test
	void aRowDueAfterTheNextPollLeavesThePollInterval() {
		this.plan.add(this.clock.instant().plusSeconds(5), false);

		assertThat(this.plan.nextRun(POLL)).isEqualTo(this.clock.instant().plus(POLL));
	}

	@Test
	void dueTimesUpToTheStartOfACycleAreCoveredByItsClaimsAndForgotten() {
		this.plan.add(this.clock.instant().plusMillis(100), false);
		this.clock.advance(Duration.ofMillis(150));
		this.plan.cycleStarting();

		assertThat(this.plan.nextRun(POLL)).isEqualTo(this.clock.instant().plus(POLL));
	}

	@Test
	void aDueTimeThatPassedWhileTheCycleRanMakesTheNextRunStartAtOnce() {
		this.plan.cycleStarting();
		Instant dueAt = this.clock.instant().plusMillis(10);
		this.plan.add(dueAt, false);
		this.clock.advance(Duration.ofMillis(50));

		assertThat(this.plan.nextRun(POLL)).isEqualTo(dueAt).isBefore(this.clock.instant());
	}

	@Test
	void aLocallyScheduledRowNotFoundWhenDueIsLookedForAgainSoonWithGrowingPauses() {
		this.plan.add(this.clock.instant(), true);
		this.clock.advance(Duration.ofMillis(5));

		Duration first = this.plan.afterCycle(POLL, false);
		Duration second = this.plan.afterCycle(POLL, false);

		assertThat(first).isLessThan(POLL).isPositive();
		assertThat(second).isGreaterThan(first).isLessThanOrEqualTo(Duration.ofMillis(500));
	}

	@Test
	void theQuickRecheckEndsOnceAClaimFoundRows() {
		this.plan.add(this.clock.instant(), true);
		this.clock.advance(Duration.ofMillis(5));

		assertThat(this.plan.afterCycle(POLL, true)).isEqualTo(POLL);
		assertThat(this.plan.afterCycle(POLL, false)).isEqualTo(POLL);
	}

	@Test
	void theQuickRecheckGivesUpWhenTheDatabaseClockLagsMoreThanTheTolerance() {
		this.plan.add(this.clock.instant(), true);
		this.clock.advance(Duration.ofSeconds(6));

		assertThat(this.plan.afterCycle(POLL, false)).isEqualTo(POLL);
	}

	@Test
	void aSignalFromAnotherInstanceIsNotRecheckedLocally() {
		this.plan.add(this.clock.instant(), false);
		this.clock.advance(Duration.ofMillis(5));

		assertThat(this.plan.afterCycle(POLL, false)).isEqualTo(POLL);
	}

	@Test
	void beforeTheAwaitedDueTimeTheDelayIsKept() {
		this.plan.add(this.clock.instant().plusSeconds(2), true);

		assertThat(this.plan.afterCycle(POLL, false)).isEqualTo(POLL);
	}

	@Test
	void aRunIsExpectedSoonForADueTimeToldAboutWithinTheGivenTime() {
		this.plan.add(this.clock.instant().plusMillis(80), true);

		assertThat(this.plan.expectsRunWithin(Duration.ofMillis(100))).isTrue();
		assertThat(this.plan.expectsRunWithin(Duration.ofMillis(50))).isFalse();
	}

	// A due time far ahead does not stand for rows another instance may have scheduled before it.
	@Test
	void noRunIsExpectedSoonForNothingToldOrADueTimeFurtherAhead() {
		assertThat(this.plan.expectsRunWithin(Duration.ofMillis(100))).isFalse();

		this.plan.add(this.clock.instant().plusSeconds(4), true);

		assertThat(this.plan.expectsRunWithin(Duration.ofMillis(100))).isFalse();
	}

	@Test
	void aDueTimeTheRunningCycleAlreadyLookedAtIsNoRunToExpect() {
		this.plan.add(this.clock.instant().plusMillis(10), true);
		this.clock.advance(Duration.ofMillis(20));
		this.plan.cycleStarting();

		assertThat(this.plan.expectsRunWithin(Duration.ofMillis(100))).isFalse();

		this.plan.add(this.clock.instant().plusMillis(30), false);

		assertThat(this.plan.expectsRunWithin(Duration.ofMillis(100))).isTrue();
	}

	static final class MovableClock extends Clock {

		private Instant now;

		MovableClock(Instant now) {
			this.now = now;
		}

		void advance(Duration duration) {
			this.now = this.now.plus(duration);
		}

		@Override
		public ZoneId getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return this.now;
		}

	}

}
