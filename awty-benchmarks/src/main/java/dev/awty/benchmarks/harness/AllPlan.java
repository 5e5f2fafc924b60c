package dev.awty.benchmarks.harness;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * How {@code all} sizes each of its steps, so that one run of about an hour on a 2-core machine judges every
 * target of the performance issues with the defaults a user gets: the lag at 1,000 events/s over 600 s (a lag that
 * grows over a run shows only in a long one), at 5,000/s over 120 s, vacuum held off for 120 s, the backlog for
 * 60 s, one repetition each; drain and broker of 200,000 rows ({@link #DRAIN_ROWS}); recurring in windows of
 * {@link #RECURRING} s; history on days of {@link #HISTORY_DAY} entries; the others at their defaults. A flag given
 * on the command line wins over the plan for every step ({@code all --duration 20} is a short run of everything).
 */
public final class AllPlan {

	/** The {@code lag} step: 1,000 events/s (the default rate) for ten minutes. */
	public static final Duration LAG = Duration.ofSeconds(600);

	/** The {@code lag-5000} step's length, and the {@code vacuum-starved} step's. */
	public static final Duration SHORT = Duration.ofSeconds(120);

	public static final Duration BACKLOG = Duration.ofSeconds(60);

	/**
	 * The longest db-scheduler runs beside awty in a lag scenario: its lag (about a second, its poll) is flat over a
	 * run, so ten minutes of it beside awty's would double the time of {@code all} and say nothing more. The report
	 * says so when it applies.
	 */
	public static final Duration PEER_LIMIT = Duration.ofSeconds(120);

	/**
	 * The rows of each repetition of {@code drain} and {@code broker} under {@code all}: 50,000 rows drain in about a
	 * second, in which the JIT compilers' work was most of a system's JVM time per event (a JVM figure of 42 µs in
	 * such a drain against 16 µs in one of 200,000 rows); at 200,000 the figures are those of compiled code.
	 */
	public static final int DRAIN_ROWS = 200_000;

	/**
	 * Each measured window of {@code recurring}, three pairs of them: a window of 10 s holds 10 bursts of occurrences,
	 * and its p99 was the tail of one or two of them (quiet windows 6.8 to 19.4 ms in one run, so the ratio of creating
	 * to quiet windows said more about which bursts met a batch of creations than about creation).
	 */
	public static final Duration RECURRING = Duration.ofSeconds(60);

	/** The entries of each past day {@code history} fills: the day of "failed yesterday" and of a row's history (#48). */
	public static final int HISTORY_DAY = 30_000_000;

	/** Past days filled: the fewest that leave a day to retire. */
	public static final int HISTORY_DAYS = 2;

	/** The rate of {@code lag-5000}, named alone or in {@code all}, unless {@code --rate} is given. */
	public static final int FAST_RATE = 5000;

	private AllPlan() {
	}

	/** The options {@code scenario} runs with: the plan's sizes under {@code all}, else those given or defaulted. */
	public static Options step(String scenario, Options options) {
		int reps = options.repetitions();
		int rows = options.rows();
		int rate = options.rate();
		Duration duration = options.duration();
		if (scenario.equals("lag-5000") && !options.gave("--rate")) {
			rate = FAST_RATE;
		}
		if (options.all()) {
			Duration planned = switch (scenario) {
				case "lag" -> LAG;
				case "lag-5000", "vacuum-starved" -> SHORT;
				case "backlog" -> BACKLOG;
				default -> null;
			};
			if (planned != null) {
				reps = options.gave("--reps") ? reps : 1;
				duration = options.gave("--duration") ? duration : planned;
			}
			if ((scenario.equals("drain") || scenario.equals("broker")) && !options.gave("--rows")) {
				rows = DRAIN_ROWS;
			}
			if (scenario.equals("recurring") && !options.gave("--duration")) {
				duration = RECURRING;
			}
			if (scenario.equals("history") && !options.gave("--history-rows") && !options.gave("--history-days")) {
				return options.resized(rows, reps, rate, duration).withHistory(HISTORY_DAYS, HISTORY_DAY);
			}
		}
		return options.resized(rows, reps, rate, duration);
	}

	/** What the timed steps of this run ran at, for the report's header: {@code lag 1,000/s for 600 s x 1, …}. */
	public static String describe(Options options) {
		StringBuilder steps = new StringBuilder();
		for (String scenario : List.of("lag", "lag-5000", "vacuum-starved", "backlog")) {
			if (options.scenarios().contains(scenario)) {
				Options step = step(scenario, options);
				steps.append((steps.length() == 0) ? "" : ", ").append(String.format(Locale.ROOT, "%s %,d/s for %d s x %d",
						scenario, step.rate(), step.duration().toSeconds(), step.repetitions()));
			}
		}
		if (options.scenarios().contains("lag") && step("lag", options).duration().compareTo(PEER_LIMIT) > 0) {
			steps.append("; db-scheduler beside lag for ").append(PEER_LIMIT.toSeconds()).append(" s of it");
		}
		return steps.toString();
	}

}
