package dev.awty.internal.recurring.source;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;

import org.junit.jupiter.api.Test;

import dev.awty.internal.recurring.Occurrences;
import dev.awty.internal.recurring.SkippedOccurrences;
import dev.awty.recurring.MisfirePolicy;
import dev.awty.recurring.ScheduleExpression;

import static org.assertj.core.api.Assertions.assertThat;

class FirePlanTests {

	private static final ZoneId UTC = ZoneId.of("UTC");

	private static final ScheduleExpression EVERY_MINUTE = ScheduleExpression.parse("* * * * *");

	private static final Instant T = Instant.parse("2026-01-10T10:00:00Z");

	@Test
	void onTimeOccurrenceIsPublishedAndTheNextIsComputedFromTheOccurrenceNotFromNow() {
		FirePlan plan = plan(EVERY_MINUTE, T, T.plusMillis(730), MisfirePolicy.FIRE_ONCE, null);
		assertThat(plan.occurrences()).containsExactly(T);
		assertThat(plan.next()).isEqualTo(T.plusSeconds(60));
	}

	@Test
	void everyKeepsItsGridWhenDeliveredLate() {
		ScheduleExpression every = ScheduleExpression.parse("@every 10s");
		FirePlan plan = plan(every, T, T.plusMillis(2500), MisfirePolicy.FIRE_ONCE, null);
		assertThat(plan.occurrences()).containsExactly(T);
		assertThat(plan.next()).isEqualTo(T.plusSeconds(10));
	}

	@Test
	void fireOncePublishesOneCatchUpThenContinuesAfterNow() {
		Instant now = T.plus(Duration.ofMinutes(10)).plusSeconds(5);
		FirePlan plan = plan(EVERY_MINUTE, T, now, MisfirePolicy.FIRE_ONCE, null);
		assertThat(plan.occurrences()).containsExactly(T);
		assertThat(plan.next()).isEqualTo(T.plus(Duration.ofMinutes(11)));
	}

	@Test
	void fireAllPublishesEveryMissedOccurrenceOldestFirst() {
		Instant now = T.plus(Duration.ofMinutes(3)).plusSeconds(5);
		FirePlan plan = plan(EVERY_MINUTE, T, now, MisfirePolicy.FIRE_ALL, null);
		assertThat(plan.occurrences()).containsExactly(T, T.plusSeconds(60), T.plusSeconds(120), T.plusSeconds(180));
		assertThat(plan.next()).isEqualTo(T.plusSeconds(240));
	}

	@Test
	void fireAllIsBoundedByMaxCatchUpAndThenContinuesAfterNow() {
		Instant now = T.plus(Duration.ofHours(10));
		FirePlan plan = FirePlan.of(EVERY_MINUTE, UTC, T, now, MisfirePolicy.FIRE_ALL, null, 100);
		assertThat(plan.occurrences()).hasSize(100).startsWith(T).endsWith(T.plus(Duration.ofMinutes(99)));
		assertThat(plan.next()).isEqualTo(now.plusSeconds(60));
	}

	@Test
	void skipDropsMissedOccurrencesAndContinuesAfterNow() {
		Instant now = T.plus(Duration.ofMinutes(3)).plusSeconds(5);
		FirePlan plan = plan(EVERY_MINUTE, T, now, MisfirePolicy.SKIP, null);
		assertThat(plan.occurrences()).isEmpty();
		assertThat(plan.next()).isEqualTo(T.plusSeconds(240));
	}

	@Test
	void skipPublishesAnOccurrenceWhoseSuccessorIsNotDueYet() {
		FirePlan plan = plan(EVERY_MINUTE, T, T.plusSeconds(30), MisfirePolicy.SKIP, null);
		assertThat(plan.occurrences()).containsExactly(T);
	}

	@Test
	void deadlineDropsOccurrencesLaterThanItUnderEveryPolicy() {
		ScheduleExpression every = ScheduleExpression.parse("@every 10s");
		Instant now = T.plusSeconds(125);
		Duration deadline = Duration.ofSeconds(30);
		assertThat(plan(every, T, now, MisfirePolicy.FIRE_ALL, deadline).occurrences()).containsExactly(T.plusSeconds(100),
				T.plusSeconds(110), T.plusSeconds(120));
		assertThat(plan(every, T, now, MisfirePolicy.SKIP, deadline).occurrences()).containsExactly(T.plusSeconds(100),
				T.plusSeconds(110), T.plusSeconds(120));
		assertThat(plan(every, T, now, MisfirePolicy.FIRE_ONCE, deadline).occurrences()).containsExactly(T.plusSeconds(100));
		assertThat(plan(every, T, now, MisfirePolicy.FIRE_ONCE, deadline).next()).isEqualTo(T.plusSeconds(130));
	}

	@Test
	void anAtOccurrenceLaterThanTheDeadlineIsDroppedAndTheScheduleCompletes() {
		ScheduleExpression at = ScheduleExpression.parse("@at " + T);
		FirePlan plan = plan(at, T, T.plusSeconds(120), MisfirePolicy.FIRE_ONCE, Duration.ofMinutes(1));
		assertThat(plan.occurrences()).isEmpty();
		assertThat(plan.next()).isNull();
	}

	@Test
	void anAtInThePastFiresOnceAndCompletes() {
		ScheduleExpression at = ScheduleExpression.parse("@at " + T);
		FirePlan plan = plan(at, T, T.plus(Duration.ofDays(400)), MisfirePolicy.SKIP, null);
		assertThat(plan.occurrences()).containsExactly(T);
		assertThat(plan.next()).isNull();
	}

	@Test
	void fireOnceCountsTheOccurrencesItCollapsedAfterTheOnePublished() {
		Instant now = T.plus(Duration.ofMinutes(10)).plusSeconds(5);
		FirePlan plan = plan(EVERY_MINUTE, T, now, MisfirePolicy.FIRE_ONCE, null);
		assertThat(plan.skippedBefore().isEmpty()).isTrue();
		assertThat(plan.skippedAfter())
			.isEqualTo(new SkippedOccurrences(10, T.plusSeconds(60), T.plus(Duration.ofMinutes(10)), false));
	}

	@Test
	void skipCountsEveryDueOccurrenceItDroppedOnAGridAndOnACron() {
		ScheduleExpression every = ScheduleExpression.parse("@every 1s");
		Instant now = T.plus(Duration.ofDays(30)).plusMillis(400);
		FirePlan plan = plan(every, T, now, MisfirePolicy.SKIP, null);
		assertThat(plan.occurrences()).isEmpty();
		assertThat(plan.skippedBefore())
			.isEqualTo(new SkippedOccurrences(30L * 86_400 + 1, T, T.plus(Duration.ofDays(30)), false));
		FirePlan cron = plan(EVERY_MINUTE, T, T.plus(Duration.ofMinutes(3)).plusSeconds(5), MisfirePolicy.SKIP, null);
		assertThat(cron.skippedBefore()).isEqualTo(new SkippedOccurrences(4, T, T.plusSeconds(180), false));
	}

	@Test
	void aDeadlineCountsTheOccurrencesOlderThanItAndFireAllThoseBeyondMaxCatchUp() {
		Instant now = T.plus(Duration.ofMinutes(10)).plusSeconds(5);
		FirePlan deadline = plan(EVERY_MINUTE, T, now, MisfirePolicy.FIRE_ALL, Duration.ofMinutes(3));
		assertThat(deadline.occurrences()).hasSize(3);
		assertThat(deadline.skippedBefore())
			.isEqualTo(new SkippedOccurrences(8, T, T.plus(Duration.ofMinutes(7)), false));
		FirePlan bounded = FirePlan.of(EVERY_MINUTE, UTC, T, now, MisfirePolicy.FIRE_ALL, null, 4);
		assertThat(bounded.skippedAfter())
			.isEqualTo(new SkippedOccurrences(7, T.plus(Duration.ofMinutes(4)), T.plus(Duration.ofMinutes(10)), false));
	}

	@Test
	void aCronMissedForLongerThanItIsWalkedIsCountedAsABound() {
		ScheduleExpression everySecond = ScheduleExpression.parse("* * * * * *");
		FirePlan plan = plan(everySecond, T, T.plus(Duration.ofDays(2)), MisfirePolicy.SKIP, null);
		assertThat(plan.skippedBefore()).isEqualTo(new SkippedOccurrences(Occurrences.MAX_COUNTED, T, null, true));
		assertThat(plan.skippedBefore().describe("skip"))
			.isEqualTo("skipped more than 10000 occurrences from " + T + " (misfire policy skip)");
	}

	private static FirePlan plan(ScheduleExpression expression, Instant scheduled, Instant now, MisfirePolicy policy,
			Duration deadline) {
		return FirePlan.of(expression, UTC, scheduled, now, policy, deadline, 100);
	}

}
