package dev.awty.internal.claim;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class NextDueTests {

	private static final Duration CLAIM_AHEAD = Duration.ofMillis(100);

	private static final Duration POLL = Duration.ofSeconds(5);

	private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");

	@Test
	void withNoRowPendingThePollerSleepsItsPollInterval() {
		assertThat(new NextDue(null, NOW).sleep(CLAIM_AHEAD, POLL)).isEqualTo(POLL);
	}

	@Test
	void aRowDueBeforeThePollIntervalEndsIsClaimedTheClaimAheadBeforeItsDueTime() {
		NextDue next = new NextDue(NOW.plusMillis(1_500), NOW);

		assertThat(next.sleep(CLAIM_AHEAD, POLL)).isEqualTo(Duration.ofMillis(1_400));
	}

	@Test
	void aRowDueAfterThePollIntervalLeavesThePollInterval() {
		assertThat(new NextDue(NOW.plusSeconds(60), NOW).sleep(CLAIM_AHEAD, POLL)).isEqualTo(POLL);
	}

	@Test
	void aRowAlreadyWithinTheClaimAheadIsClaimedAfterTheShortestSleepNotAtOnce() {
		// A row the claim skipped because another transaction holds it locked would otherwise make the poller spin.
		assertThat(new NextDue(NOW.plusMillis(40), NOW).sleep(CLAIM_AHEAD, POLL)).isEqualTo(Duration.ofMillis(20));
		assertThat(new NextDue(NOW.minusSeconds(5), NOW).sleep(CLAIM_AHEAD, POLL)).isEqualTo(Duration.ofMillis(20));
		assertThat(new NextDue(NOW.plusMillis(40), NOW).sleep(CLAIM_AHEAD, Duration.ofMillis(5)))
			.as("never longer than the poll interval").isEqualTo(Duration.ofMillis(5));
	}

	// The sleep is counted on the database's clock: a JVM clock that is off by minutes changes nothing.
	@Test
	void theSleepIsCountedFromTheDatabasesClockNotTheJvms() {
		Instant databaseNow = NOW.minus(Duration.ofMinutes(3));
		NextDue next = new NextDue(databaseNow.plusSeconds(2), databaseNow);

		assertThat(next.sleep(CLAIM_AHEAD, POLL)).isEqualTo(Duration.ofMillis(1_900));
	}

}
