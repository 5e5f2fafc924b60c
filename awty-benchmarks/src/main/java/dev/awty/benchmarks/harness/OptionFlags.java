package dev.awty.benchmarks.harness;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * The flags of the command line after the scenario names, with their defaults, each checked as it is set and all
 * together once every one is: what {@link Options#parse} builds its options from.
 */
final class OptionFlags {

	/** The soak's own defaults: an hour, and 100,000 schedules, unless given. */
	private static final String SOAK = "soak";

	/** {@code null}: a private cluster with PostgreSQL's defaults, which the benchmark starts and deletes. */
	@Nullable String url;

	String user = "postgres";

	String password = "postgres";

	String schema = "awty_bench";

	int rows = 50_000;

	int reps = 3;

	int threads = 8;

	int pool = 12;

	int batch = 500;

	long pollMillis = 1000;

	int rate = 1000;

	long durationSeconds = 10;

	int backlogRows = 1_000_000;

	int scheduleRows = 5_000;

	int rescheduleRows = 10_000;

	long leaseSeconds = 20;

	int kills = 3;

	int schedules = 1_000_000;

	int occurrenceRate = 1_800;

	/** Schedules a minute the recurring scenario creates while they fire: the distributed-cron seed's rate. */
	int createRate = 5_000;

	/** Whether the recurring scenario runs Quartz beside awty (the 30,000,000-schedule run does without). */
	boolean quartz = true;

	/** Past days of history the history scenario fills (at least 2: it retires the oldest). */
	int historyDays = 3;

	/** Entries per day it fills them with; the seed's 10,000 events a second make 864,000,000. */
	int historyRows = 1_000_000;

	long killIntervalSeconds = 600;

	long reportIntervalSeconds = 60;

	String out = System.getProperty("awty.benchmarks.out", "awty-benchmarks/results");

	/** The flags given, so that the soak's own defaults apply only to those that were not. */
	final Set<String> given = new HashSet<>();

	void set(String flag, String value) {
		this.given.add(flag);
		try {
			switch (flag) {
				case "--url" -> this.url = value;
				case "--user" -> this.user = value;
				case "--password" -> this.password = value;
				case "--schema" -> this.schema = value;
				case "--rows" -> this.rows = positive(flag, value);
				case "--reps" -> this.reps = positive(flag, value);
				case "--threads" -> this.threads = positive(flag, value);
				case "--pool" -> this.pool = positive(flag, value);
				case "--batch" -> this.batch = positive(flag, value);
				case "--poll-interval" -> this.pollMillis = positive(flag, value);
				case "--rate" -> this.rate = positive(flag, value);
				case "--duration" -> this.durationSeconds = positive(flag, value);
				case "--backlog-rows" -> this.backlogRows = positive(flag, value);
				case "--schedule-rows" -> this.scheduleRows = positive(flag, value);
				case "--reschedule-rows" -> this.rescheduleRows = positive(flag, value);
				case "--lease" -> this.leaseSeconds = positive(flag, value);
				case "--kills" -> this.kills = positive(flag, value);
				case "--schedules" -> this.schedules = positive(flag, value);
				case "--occurrence-rate" -> this.occurrenceRate = positive(flag, value);
				case "--create-rate" -> this.createRate = positive(flag, value);
				case "--quartz" -> this.quartz = yesOrNo(flag, value);
				case "--history-days" -> this.historyDays = positive(flag, value);
				case "--history-rows" -> this.historyRows = positive(flag, value);
				case "--kill-interval" -> this.killIntervalSeconds = positive(flag, value);
				case "--report-interval" -> this.reportIntervalSeconds = positive(flag, value);
				case "--out" -> this.out = value;
				default -> throw new IllegalArgumentException("unknown flag " + flag + "\n" + Options.USAGE);
			}
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("flag " + flag + " needs a whole number, not '" + value + "'");
		}
	}

	private static boolean yesOrNo(String flag, String value) {
		return switch (value) {
			case "yes" -> true;
			case "no" -> false;
			default -> throw new IllegalArgumentException("flag " + flag + " takes yes or no, not '" + value + "'");
		};
	}

	private static int positive(String flag, String value) {
		int number = Integer.parseInt(value.replace("_", "").replace(",", ""));
		if (number < 1) {
			throw new IllegalArgumentException("flag " + flag + " must be at least 1, not " + number);
		}
		return number;
	}

	Options build(List<String> scenarios, boolean all) {
		if (scenarios.contains(SOAK)) {
			if (!this.given.contains("--duration")) {
				this.durationSeconds = 3600;
			}
			if (!this.given.contains("--schedules")) {
				this.schedules = 100_000;
			}
			if (this.killIntervalSeconds >= this.durationSeconds) {
				throw new IllegalArgumentException("--kill-interval (" + this.killIntervalSeconds
						+ " s) must be shorter than --duration (" + this.durationSeconds
						+ " s): the soak kills an instance every --kill-interval and at least once");
			}
			if (this.reportIntervalSeconds > this.durationSeconds) {
				throw new IllegalArgumentException("--report-interval (" + this.reportIntervalSeconds
						+ " s) must not exceed --duration (" + this.durationSeconds + " s)");
			}
		}
		if (!this.schema.matches("[a-z_][a-z0-9_]{0,62}")) {
			throw new IllegalArgumentException("--schema must be a lower-case SQL identifier, not '" + this.schema + "'");
		}
		if (this.pool <= this.threads) {
			throw new IllegalArgumentException("--pool (" + this.pool + ") must exceed --threads (" + this.threads
					+ "): the pollers need connections besides the workers'");
		}
		if (this.historyDays < 2) {
			throw new IllegalArgumentException("--history-days must be at least 2, not " + this.historyDays
					+ ": the history scenario retires the oldest day and keeps the others");
		}
		return new Options(scenarios, this.url, this.user, this.password, this.schema, this.rows, this.reps,
				this.threads, this.pool, this.batch, Duration.ofMillis(this.pollMillis), this.rate,
				Duration.ofSeconds(this.durationSeconds), this.backlogRows, this.scheduleRows, this.rescheduleRows,
				Duration.ofSeconds(this.leaseSeconds), this.kills, this.schedules, this.occurrenceRate,
				this.createRate, this.quartz, this.historyDays, this.historyRows,
				Duration.ofSeconds(this.killIntervalSeconds), Duration.ofSeconds(this.reportIntervalSeconds),
				Path.of(this.out), Set.copyOf(this.given), all);
	}

}
