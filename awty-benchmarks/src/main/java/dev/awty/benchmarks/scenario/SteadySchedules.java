package dev.awty.benchmarks.scenario;

import java.time.Duration;
import java.time.Instant;

import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.harness.Receiver;

/**
 * Turns bulk-loaded schedules {@code bulk-1..K} into the {@code recurring} scenario's steady load and back: during
 * a measured window each fires on a cron expression every {@value #PERIOD_SECONDS} s ({@code 3/10 * * * * *}),
 * {@code --occurrence-rate} of them at each second, as cron schedules come due together at whole seconds; outside
 * it they are daily again.
 */
final class SteadySchedules {

	static final int PERIOD_SECONDS = 10;

	/**
	 * Schedules 1..K fire every period from {@code t0}, {@code rate} of them at each second. Like an update through
	 * the API, it raises the version and drops any claim, so that an outcome awty is recording for an occurrence
	 * still in flight is fenced out and the schedule is claimable at once (a claim kept would hold it until its
	 * lease ran out); it skips the rows such an outcome holds locked and is repeated until every row is marked
	 * {@code %5$s} in its payload, so it never waits for awty's locks while holding its own (no deadlock).
	 */
	private static final String STEADY = """
			UPDATE awty_schedule
			SET expression = ((CAST(substr(id, 6) AS INT) - 1) / %3$d) %% %1$d || '/%1$d * * * * *',
			    next_fire_at = TIMESTAMPTZ '%2$s' + ((CAST(substr(id, 6) AS INT) - 1) / %3$d) %% %1$d * INTERVAL '1 second',
			    payload = '%5$s', version = version + 1, claimed_by = NULL, claimed_until = NULL
			WHERE id IN (SELECT id FROM awty_schedule
			    WHERE id IN (SELECT 'bulk-' || g FROM generate_series(1, %4$d) g) AND payload IS DISTINCT FROM '%5$s'
			    FOR UPDATE SKIP LOCKED)
			""";

	/** The same for taking schedules 1..K back to a daily occurrence, marked {@code quiet}. */
	private static final String QUIET = """
			UPDATE awty_schedule SET expression = '@daily',
			    next_fire_at = date_trunc('day', CURRENT_TIMESTAMP) + INTERVAL '1 day', payload = 'quiet',
			    version = version + 1, claimed_by = NULL, claimed_until = NULL
			WHERE id IN (SELECT id FROM awty_schedule
			    WHERE id IN (SELECT 'bulk-' || g FROM generate_series(1, %d) g) AND payload IS DISTINCT FROM 'quiet'
			    FOR UPDATE SKIP LOCKED)
			""";

	private static final String NOT_MARKED = """
			SELECT count(*) FROM awty_schedule
			WHERE id IN (SELECT 'bulk-' || g FROM generate_series(1, %d) g) AND payload IS DISTINCT FROM '%s'
			""";

	/** The next whole ten seconds at least three seconds from now, by the database's clock. */
	private static final String T0 = """
			SELECT to_char(to_timestamp(ceil((EXTRACT(EPOCH FROM CURRENT_TIMESTAMP) + 3) / 10) * 10) AT TIME ZONE 'UTC',
			    'YYYY-MM-DD"T"HH24:MI:SS"Z"')
			""";

	private final BenchDatabase database;

	private final int steady;

	SteadySchedules(BenchDatabase database) {
		this.database = database;
		this.steady = database.options().occurrenceRate() * PERIOD_SECONDS;
	}

	/** K: how many schedules fire during a measured window. */
	int count() {
		return this.steady;
	}

	/** The occurrences of the next measured window, from the next whole ten seconds by the database's clock. */
	SteadyOccurrences nextWindow() {
		Options options = this.database.options();
		int fires = (int) Math.max(1, options.duration().toSeconds() / PERIOD_SECONDS);
		return new SteadyOccurrences(new Receiver(this.steady * fires), Instant.parse(this.database.queryString(T0)),
				options.occurrenceRate(), this.steady, fires);
	}

	/** Makes schedules 1..K fire from {@code window}'s start, marking them {@code marker}. */
	void fire(SteadyOccurrences window, String marker) {
		updateAll(STEADY.formatted(PERIOD_SECONDS, window.t0(), window.rate(), this.steady, marker), marker);
	}

	/** Takes schedules 1..K back to daily. */
	void quiet() {
		updateAll(QUIET.formatted(this.steady), "quiet");
	}

	/** Runs {@code update} until none of schedules 1..K lacks {@code marker}. */
	private void updateAll(String update, String marker) {
		long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
		do {
			this.database.execute(update);
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("recurring: schedules stayed locked for a minute");
			}
		}
		while (this.database.queryLong(NOT_MARKED.formatted(this.steady, marker)) > 0);
	}

	/**
	 * Numbers each occurrence of the steady schedules for the {@link Receiver}: schedule {@code bulk-k}'s
	 * {@code j}-th occurrence is {@code j × steady + k - 1}; occurrences after the measured window are not counted.
	 */
	record SteadyOccurrences(Receiver receiver, Instant t0, int rate, int steady, int fires) {

		void received(String scheduleId, Instant at) {
			if (!scheduleId.startsWith("bulk-")) {
				return;
			}
			int k = Integer.parseInt(scheduleId.substring("bulk-".length())) - 1;
			Instant first = this.t0.plusSeconds((k / this.rate) % PERIOD_SECONDS);
			long j = Math.round(Duration.between(first, at).toMillis() / (PERIOD_SECONDS * 1000.0));
			if (k < this.steady && j >= 0 && j < this.fires) {
				this.receiver.receive(j * this.steady + k, at);
			}
		}

		/** When the last measured occurrence is due. */
		Instant lastDue() {
			return this.t0.plusSeconds((long) this.fires * PERIOD_SECONDS);
		}

	}

}
