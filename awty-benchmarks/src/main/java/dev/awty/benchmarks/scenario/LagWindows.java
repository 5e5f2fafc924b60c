package dev.awty.benchmarks.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.awty.benchmarks.harness.Receiver;

/** A run's lag per window of arrival time: whether it holds or grows as the run goes on. */
final class LagWindows {

	private LagWindows() {
	}

	/**
	 * The lag p99 in milliseconds of the events that arrived in each {@code window} from {@code startMillis}, in
	 * order; a window without arrivals is left out, as are arrivals after the last full one's end plus a window.
	 */
	static List<Double> p99s(Receiver receiver, long startMillis, Duration window) {
		List<List<Long>> windows = new ArrayList<>();
		for (int seq = 0; seq < receiver.expected(); seq++) {
			long lag = receiver.lagMicros(seq);
			if (lag < 0) {
				continue;
			}
			int w = (int) Math.max(0, (receiver.arrivalMillis(seq) - startMillis) / window.toMillis());
			while (windows.size() <= w) {
				windows.add(new ArrayList<>());
			}
			windows.get(w).add(lag);
		}
		List<Double> p99s = new ArrayList<>();
		for (List<Long> lags : windows) {
			if (!lags.isEmpty()) {
				long[] sorted = lags.stream().mapToLong(Long::longValue).toArray();
				Arrays.sort(sorted);
				p99s.add(sorted[(int) Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)] / 1000.0);
			}
		}
		return p99s;
	}

}
