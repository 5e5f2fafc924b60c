package dev.awty.internal.checks;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import dev.awty.history.HistoryMode;

import static org.assertj.core.api.Assertions.assertThat;

class CheckGuardTests {

	private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");

	private static final HandlingSettings SETTINGS = new HandlingSettings(5, Duration.ofSeconds(30), Duration.ofDays(7),
			HistoryMode.ALL);

	private final CheckGuard guard = new CheckGuard("order", SETTINGS, true);

	@Test
	void aCheckAgainWithinEveryBoundIsAllowed() {
		assertThat(this.guard.stop(0, NOW, NOW, NOW.plusSeconds(60))).isNull();
		assertThat(this.guard.stop(3, NOW, NOW, NOW.plus(Duration.ofDays(7)))).isNull();
	}

	@Test
	void aHandlerThatDoesNotDeclareChecksAgainIsStopped() {
		CheckGuard undeclared = new CheckGuard("order", SETTINGS, false);

		assertThat(undeclared.stop(0, NOW, NOW, NOW.plusSeconds(60)))
			.isEqualTo("handler asked to check again at 2026-03-01T10:01:00Z, but its checksAgain() returns false");
	}

	@Test
	void theLastAllowedCheckCannotAskForAnotherAndTheReasonNamesTheProperty() {
		assertThat(this.guard.stop(4, NOW, NOW, NOW.plusSeconds(60)))
			.isEqualTo("max checks exceeded: check 5 asked to check again, awty.types.order.max-checks is 5");
	}

	@Test
	void aCheckAgainInstantThatDoesNotMoveForwardIsStopped() {
		assertThat(this.guard.stop(0, NOW, NOW.plusSeconds(10), NOW))
			.isEqualTo("check-again instant 2026-03-01T10:00:00Z is not after the current due time 2026-03-01T10:00:00Z");
	}

	@Test
	void aCheckAgainInstantBeyondTheHorizonFromTheDatabaseClockIsStoppedNamingTheProperty() {
		assertThat(this.guard.stop(0, NOW, NOW, NOW.plus(Duration.ofDays(7)).plusSeconds(1)))
			.isEqualTo("check-again instant 2026-03-08T10:00:01Z is beyond the horizon: awty.types.order.horizon is "
					+ "PT168H, so at most 2026-03-08T10:00:00Z");
	}

}
