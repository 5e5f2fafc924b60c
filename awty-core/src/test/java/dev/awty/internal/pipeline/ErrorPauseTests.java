package dev.awty.internal.pipeline;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ErrorPauseTests {

	@Test
	void thePauseDoublesWithEveryFailedCycleInARowUpToThirtySeconds() {
		Duration poll = Duration.ofSeconds(1);

		assertThat(ErrorPause.pause(poll, 1)).isEqualTo(Duration.ofSeconds(1));
		assertThat(ErrorPause.pause(poll, 2)).isEqualTo(Duration.ofSeconds(2));
		assertThat(ErrorPause.pause(poll, 5)).isEqualTo(Duration.ofSeconds(16));
		assertThat(ErrorPause.pause(poll, 6)).isEqualTo(Duration.ofSeconds(30));
		assertThat(ErrorPause.pause(poll, 1000)).isEqualTo(Duration.ofSeconds(30));
	}

	@Test
	void aPollIntervalLongerThanThirtySecondsIsThePauseItself() {
		Duration poll = Duration.ofMinutes(2);

		assertThat(ErrorPause.pause(poll, 1)).isEqualTo(poll);
		assertThat(ErrorPause.pause(poll, 4)).isEqualTo(poll);
	}

	@Test
	void aRecoveryStartsTheDoublingAgain() {
		ErrorPause pause = new ErrorPause("type 'purchase'", Duration.ofMillis(100));
		pause.failed(new IllegalStateException("database down"));
		assertThat(pause.failed(new IllegalStateException("database down"))).isEqualTo(Duration.ofMillis(200));

		pause.succeeded();

		assertThat(pause.failed(new IllegalStateException("database down"))).isEqualTo(Duration.ofMillis(100));
	}

}
