package dev.awty.recurring;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class ScheduleExpressionTests {

	private static final ZoneId UTC = ZoneId.of("UTC");

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	@Test
	void fiveFieldCronFiresAtSecondZeroOfTheMatchingMinute() {
		ScheduleExpression expression = ScheduleExpression.parse("30 2 * * *");
		assertThat(expression.kind()).isEqualTo(ScheduleExpression.Kind.CRON);
		assertThat(expression.next(Instant.parse("2026-01-10T00:00:00Z"), UTC)).isEqualTo("2026-01-10T02:30:00Z");
	}

	@Test
	void sixFieldCronHasSecondsFirst() {
		assertThat(ScheduleExpression.parse("15 30 2 * * *").next(Instant.parse("2026-01-10T00:00:00Z"), UTC))
			.isEqualTo("2026-01-10T02:30:15Z");
	}

	@Test
	void macrosAreCronExpressions() {
		Instant from = Instant.parse("2026-01-10T10:20:30Z");
		assertThat(ScheduleExpression.parse("@hourly").next(from, UTC)).isEqualTo("2026-01-10T11:00:00Z");
		assertThat(ScheduleExpression.parse("@daily").next(from, UTC)).isEqualTo("2026-01-11T00:00:00Z");
		assertThat(ScheduleExpression.parse("@weekly").next(from, UTC)).isEqualTo("2026-01-11T00:00:00Z");
		assertThat(ScheduleExpression.parse("@monthly").next(from, UTC)).isEqualTo("2026-02-01T00:00:00Z");
		assertThat(ScheduleExpression.parse("@yearly").next(from, UTC)).isEqualTo("2027-01-01T00:00:00Z");
	}

	@Test
	void cronIsEvaluatedInTheSchedulesTimeZone() {
		assertThat(ScheduleExpression.parse("0 2 * * *").next(Instant.parse("2026-01-10T00:00:00Z"), BERLIN))
			.isEqualTo("2026-01-10T01:00:00Z");
	}

	@Test
	void springForwardDayInBerlinSkipsALocalTimeThatDoesNotExist() {
		// 2026-03-29: 02:00 CET jumps to 03:00 CEST, so 02:30 does not exist that day and CronExpression skips it.
		ScheduleExpression expression = ScheduleExpression.parse("30 2 * * *");
		Instant saturday = expression.next(Instant.parse("2026-03-27T12:00:00Z"), BERLIN);
		Instant afterSaturday = expression.next(saturday, BERLIN);
		assertThat(saturday).isEqualTo("2026-03-28T01:30:00Z");
		assertThat(afterSaturday).isEqualTo("2026-03-30T00:30:00Z");
	}

	@Test
	void fallBackDayInBerlinFiresARepeatedLocalTimeInBothOffsets() {
		// 2026-10-25: 03:00 CEST falls back to 02:00 CET, so 02:30 happens twice and CronExpression matches both.
		ScheduleExpression expression = ScheduleExpression.parse("30 2 * * *");
		Instant first = expression.next(Instant.parse("2026-10-24T12:00:00Z"), BERLIN);
		Instant second = expression.next(first, BERLIN);
		Instant monday = expression.next(second, BERLIN);
		assertThat(first).isEqualTo("2026-10-25T00:30:00Z");
		assertThat(second).isEqualTo("2026-10-25T01:30:00Z");
		assertThat(monday).isEqualTo("2026-10-26T01:30:00Z");
	}

	@Test
	void hourlyCronAcrossTheFallBackHourInBerlin() {
		ScheduleExpression expression = ScheduleExpression.parse("0 * * * *");
		Instant at = Instant.parse("2026-10-24T23:30:00Z");
		StringBuilder fired = new StringBuilder();
		for (int i = 0; i < 4; i++) {
			at = expression.next(at, BERLIN);
			fired.append(at).append(' ');
		}
		assertThat(fired.toString().trim()).isEqualTo(
				"2026-10-25T00:00:00Z 2026-10-25T01:00:00Z 2026-10-25T02:00:00Z 2026-10-25T03:00:00Z");
	}

	@Test
	void everyAcceptsIsoAndUnitDurationsAndStepsFromTheOccurrence() {
		assertThat(ScheduleExpression.parse("@every PT90S").period()).isEqualTo(Duration.ofSeconds(90));
		assertThat(ScheduleExpression.parse("@every 90s").period()).isEqualTo(Duration.ofSeconds(90));
		assertThat(ScheduleExpression.parse("@every 1h30m").period()).isEqualTo(Duration.ofMinutes(90));
		assertThat(ScheduleExpression.parse("@every 2d").period()).isEqualTo(Duration.ofDays(2));
		Instant occurrence = Instant.parse("2026-01-10T00:00:00.250Z");
		assertThat(ScheduleExpression.parse("@every 90s").next(occurrence, UTC)).isEqualTo("2026-01-10T00:01:30.250Z");
	}

	@Test
	void atFiresOnceAtItsInstantGivenIsoOrEpochSeconds() {
		ScheduleExpression iso = ScheduleExpression.parse("@at 2030-01-31T08:00:00Z");
		assertThat(iso.first(Instant.parse("2026-01-01T00:00:00Z"), UTC)).isEqualTo("2030-01-31T08:00:00Z");
		assertThat(iso.next(Instant.parse("2030-01-31T08:00:00Z"), UTC)).isNull();
		assertThat(ScheduleExpression.parse("@at 1900000000").first(Instant.EPOCH, UTC))
			.isEqualTo(Instant.ofEpochSecond(1_900_000_000L));
		assertThat(ScheduleExpression.parse("@at 2030-01-31T09:00:00+01:00").first(Instant.EPOCH, UTC))
			.isEqualTo("2030-01-31T08:00:00Z");
	}

	@Test
	void atInThePastIsItsFirstOccurrenceSoItFiresImmediately() {
		assertThat(ScheduleExpression.parse("@at 2020-01-01T00:00:00Z").first(Instant.parse("2026-01-01T00:00:00Z"), UTC))
			.isEqualTo("2020-01-01T00:00:00Z");
	}

	@Test
	void malformedCronNamesTheFieldAndItsValue() {
		assertRejected("0 70 * * * *", "the minute field '70'");
		assertRejected("70 * * * *", "the minute field '70'");
		assertRejected("* 25 * * *", "the hour field '25'");
		assertRejected("* * 32 * *", "the day-of-month field '32'");
		assertRejected("* * * 13 *", "the month field '13'");
		assertRejected("* * * * FUNDAY", "the day-of-week field 'FUNDAY'");
		assertRejected("61 * * * * *", "the second field '61'");
	}

	@Test
	void wrongNumberOfCronFieldsSaysHowManyAreExpected() {
		assertRejected("* * *", "5 fields");
		assertRejected("* * *", "found 3");
	}

	@Test
	void everyRejectsZeroNegativeSubSecondAndUnreadableDurations() {
		assertRejected("@every 0s", "at least 1 second");
		assertRejected("@every PT0S", "at least 1 second");
		assertRejected("@every -5s", "Invalid duration '-5s'");
		assertRejected("@every PT-5S", "at least 1 second");
		assertRejected("@every 500ms", "at least 1 second");
		assertRejected("@every soon", "Invalid duration 'soon'");
		assertRejected("@every", "needs a duration");
	}

	@Test
	void unknownMacrosAndUnreadableInstantsAreRejected() {
		assertRejected("@fortnightly", "Unknown macro '@fortnightly'");
		assertRejected("@at tomorrow", "Invalid instant 'tomorrow'");
		assertRejected("  ", "An expression is required");
	}

	private static void assertRejected(String expression, String messagePart) {
		assertThatExceptionOfType(InvalidScheduleException.class).isThrownBy(() -> ScheduleExpression.parse(expression))
			.satisfies((ex) -> assertThat(ex.field()).isEqualTo("expression"))
			.withMessageContaining(messagePart);
	}

}
