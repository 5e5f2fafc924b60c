package dev.awty.benchmarks.scenario;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.awty.benchmarks.harness.Receiver;

/**
 * The recurring scenario's occurrences grouped by the second they came due together, to tell a few late bursts
 * (a pause, a checkpoint) from a steady tail: a percentile alone cannot.
 */
final class BurstLags {

	private static final long LATE_MICROS = 50_000;

	private BurstLags() {
	}

	/**
	 * One line per burst with an occurrence later than 50 ms: its second, how many were late, the largest lag.
	 * @param firstSecond when the first burst came due
	 */
	static List<String> late(Receiver receiver, Instant firstSecond, int rate, int steady, int fires, int period) {
		int bursts = fires * period;
		long[] worst = new long[bursts];
		int[] late = new int[bursts];
		for (int j = 0; j < fires; j++) {
			for (int k = 0; k < steady; k++) {
				long lag = receiver.lagMicros(j * steady + k);
				int burst = j * period + (k / rate) % period;
				worst[burst] = Math.max(worst[burst], lag);
				late[burst] += (lag > LATE_MICROS) ? 1 : 0;
			}
		}
		List<String> lines = new ArrayList<>();
		for (int burst = 0; burst < bursts; burst++) {
			if (late[burst] > 0) {
				lines.add(String.format("burst due %s: %,d of %,d later than 50 ms, the latest %.1f ms",
						firstSecond.plusSeconds(burst), late[burst], rate, worst[burst] / 1000.0));
			}
		}
		return lines;
	}

}
