package dev.awty.benchmarks.harness;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongPredicate;

/**
 * A run's lag cut by arrival time: p50 and p99 of each window of a few seconds, and of the run's first and last
 * minute, so that a lag which grows over a run shows as a rising line instead of disappearing into one p99.
 */
public final class LagWindows {

	/** The lag of one window, from {@code startSecond} after the first arrival, in milliseconds. */
	public record Window(long startSecond, int events, double p50, double p99) {
	}

	private final long[] arrivalMillis;

	private final long[] lagMicros;

	/** @param arrivalMillis and {@code lagMicros}: one pair per arrived event, in any order */
	LagWindows(long[] arrivalMillis, long[] lagMicros) {
		this.arrivalMillis = arrivalMillis;
		this.lagMicros = lagMicros;
	}

	/** Every window of {@code seconds}, from the first arrival to the last; windows without arrivals are left out. */
	public List<Window> every(int seconds) {
		return every(seconds, first());
	}

	/**
	 * Every window of {@code seconds} from {@code startMillis} (a run's start, to line the windows up with what was
	 * sampled beside them) to the last arrival; windows without arrivals are left out.
	 */
	public List<Window> every(int seconds, long startMillis) {
		long first = startMillis;
		List<List<Long>> byWindow = new ArrayList<>();
		for (int i = 0; i < this.arrivalMillis.length; i++) {
			int index = (int) Math.max(0, (this.arrivalMillis[i] - first) / (seconds * 1000L));
			while (byWindow.size() <= index) {
				byWindow.add(new ArrayList<>());
			}
			byWindow.get(index).add(this.lagMicros[i]);
		}
		List<Window> windows = new ArrayList<>();
		for (int index = 0; index < byWindow.size(); index++) {
			long[] lags = byWindow.get(index).stream().mapToLong(Long::longValue).toArray();
			if (lags.length > 0) {
				windows.add(window((long) index * seconds, lags));
			}
		}
		return windows;
	}

	/** The first {@code seconds} of arrivals, or the first half of a shorter run. */
	public Window first(int seconds) {
		long first = first();
		long span = Math.min(seconds * 1000L, (last() - first) / 2);
		return window(0, lags((at) -> at <= first + span));
	}

	/** The last {@code seconds} of arrivals, or the last half of a shorter run. */
	public Window last(int seconds) {
		long first = first();
		long last = last();
		long span = Math.min(seconds * 1000L, (last - first) / 2);
		return window((last - span - first) / 1000, lags((at) -> at >= last - span));
	}

	private long[] lags(LongPredicate arrivedWhen) {
		long[] lags = new long[this.lagMicros.length];
		int n = 0;
		for (int i = 0; i < this.arrivalMillis.length; i++) {
			if (arrivedWhen.test(this.arrivalMillis[i])) {
				lags[n++] = this.lagMicros[i];
			}
		}
		return Arrays.copyOf(lags, n);
	}

	private long first() {
		return Arrays.stream(this.arrivalMillis).min().orElse(0);
	}

	private long last() {
		return Arrays.stream(this.arrivalMillis).max().orElse(0);
	}

	private static Window window(long startSecond, long[] lags) {
		Arrays.sort(lags);
		return new Window(startSecond, lags.length, quantile(lags, 0.5), quantile(lags, 0.99));
	}

	private static double quantile(long[] sorted, double quantile) {
		if (sorted.length == 0) {
			return Double.NaN;
		}
		int index = (int) Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1);
		return sorted[Math.max(0, index)] / 1000.0;
	}

}
