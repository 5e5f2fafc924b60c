package dev.awty.benchmarks.harness;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import org.junit.jupiter.api.Test;


import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The processor time behind the benchmark's per-event figures: the fields of {@code /proc/<pid>/stat} it reads, and a
 * query's time showing up in the server's figure.
 */
class CpuMeterTests {

	@Test
	void readsTheParentAndTimesAfterACommandHoldingSpacesAndParentheses() {
		// pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
		CpuMeter.Stat stat = CpuMeter.Stat.parse(
				"4242 (postgres: awty (bench) idle) S 17 4242 4242 0 -1 4194560 900 0 0 0 250 50 7000 1000 20 0 1 0");

		assertThat(stat.command()).isEqualTo("postgres: awty (bench) idle");
		assertThat(stat.parent()).isEqualTo(17);
		assertThat(stat.ownTicks()).isEqualTo(300);
		assertThat(stat.endedChildrenTicks()).isEqualTo(8000);
	}

	@Test
	void perEventTimesAreUnknownWithoutBothSamplesOrEvents() {
		CpuMeter.Sample before = new CpuMeter.Sample(-1, 1_000_000);
		CpuMeter.Sample after = new CpuMeter.Sample(5_000_000, 3_000_000);

		assertThat(after.serverMicrosPerEvent(before, 100)).isNaN();
		assertThat(after.jvmMicrosPerEvent(before, 100)).isCloseTo(20.0, within(1e-9));
		assertThat(after.jvmMicrosPerEvent(before, 0)).isNaN();
	}

	@Test
	void aQuerysWorkCountsInTheLocalServersTime() throws SQLException {
		BenchDatabase database = TestBenchDatabase.postgres("drain");
		CpuMeter meter = CpuMeter.of(database);
		CpuMeter.Sample before = meter.sample();

		// on a connection closed at once, as the raw loop's are when it is done: the sample waits for its backend's time
		try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
			statement.executeQuery("SELECT count(*) FROM generate_series(1, 3000000)").close();
		}
		CpuMeter.Sample after = meter.sample();

		// A server in a container shows the backend's pid of its own namespace, which this machine's /proc does not
		// hold: such a server has no figure, and says so.
		if (meter.readsServer()) {
			assertThat(after.serverMicrosPerEvent(before, 1)).as("server µs for counting 3,000,000 rows")
				.isGreaterThan(50_000);
		}
		else {
			assertThat(after.serverMicrosPerEvent(before, 1)).isNaN();
		}
		assertThat(after.jvmMicrosPerEvent(before, 1)).isGreaterThan(0);
	}

}
