package dev.awty.benchmarks.chaos;

import java.time.Duration;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class SoakFaultsTests {

	@ParameterizedTest
	@CsvSource({ "600, 3600, 2100", "150, 600, 375", "120, 600, 300", "40, 60, 20", "50, 60, 25" })
	void postgresRestartsHalfwayBetweenTheKillsAroundTheMiddleSoNeverAtAKill(long killInterval, long duration,
			long expected) {
		Duration restart = SoakFaults.restartAt(Duration.ofSeconds(killInterval), Duration.ofSeconds(duration));

		assertThat(restart).isEqualTo(Duration.ofSeconds(expected));
		assertThat(restart.toMillis() % (killInterval * 1000)).isNotZero();
		assertThat(restart).isLessThan(Duration.ofSeconds(duration));
	}

}
