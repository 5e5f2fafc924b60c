package dev.awty.benchmarks.chaos;

import java.util.Arrays;

/**
 * The occurrences of the soak's recurring schedules ({@code soak-<k>}) as the instances report them: the lags of
 * those received since the last report, and repeats, an occurrence of a schedule at a time it already fired at (each
 * schedule fires every ten minutes, so its occurrences arrive in order).
 */
final class SoakOccurrences {

	private final long[] lastAtMicros;

	private long[] lagMicros = new long[1024];

	private int count;

	private long total;

	private long repeats;

	SoakOccurrences(int schedules) {
		this.lastAtMicros = new long[schedules];
	}

	/** Counts a line {@code O <schedule id> <occurrence epoch µs> <received epoch µs>}. */
	synchronized void received(String line) {
		String[] parts = line.split(" ");
		if (!parts[1].startsWith(SoakScenario.SCHEDULE_PREFIX)) {
			return;
		}
		int k = Integer.parseInt(parts[1].substring(SoakScenario.SCHEDULE_PREFIX.length()));
		long at = Long.parseLong(parts[2]);
		this.total++;
		if (k < this.lastAtMicros.length && this.lastAtMicros[k] >= at) {
			this.repeats++;
			return;
		}
		if (k < this.lastAtMicros.length) {
			this.lastAtMicros[k] = at;
		}
		if (this.count == this.lagMicros.length) {
			this.lagMicros = Arrays.copyOf(this.lagMicros, this.count * 2);
		}
		this.lagMicros[this.count++] = Long.parseLong(parts[3]) - at;
	}

	/** The lags in microseconds of the occurrences received since the last call, sorted; starts counting anew. */
	synchronized long[] drainLags() {
		long[] lags = Arrays.copyOf(this.lagMicros, this.count);
		this.count = 0;
		Arrays.sort(lags);
		return lags;
	}

	synchronized long total() {
		return this.total;
	}

	synchronized long repeats() {
		return this.repeats;
	}

}
