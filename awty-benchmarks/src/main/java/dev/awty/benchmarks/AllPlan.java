package dev.awty.benchmarks;

import java.time.Duration;

/**
 * How {@code all} sizes each of its steps, so that one run of about 40 minutes on a 2-core machine judges every
 * target of the performance issues with the defaults a user gets: the lag at 1,000 events/s over 600 s (a lag that
 * grows over a run shows only in a long one), at 5,000/s over 120 s, vacuum held off for 120 s, the backlog for
 * 60 s, one repetition each; drain, broker and the others at their defaults. A flag given on the command line wins
 * over the plan for every step ({@code all --duration 20} is a short run of everything).
 */
public final class AllPlan {

	/** The {@code lag} step: 1,000 events/s (the default rate) for ten minutes. */
	public static final Duration LAG = Duration.ofSeconds(600);

	/** The {@code lag-5000} step's length, and the {@code vacuum-starved} step's. */
	public static final Duration SHORT = Duration.ofSeconds(120);

	public static final Duration BACKLOG = Duration.ofSeconds(60);

	/** The rate of {@code lag-5000}, named alone or in {@code all}, unless {@code --rate} is given. */
	public static final int FAST_RATE = 5000;

	private AllPlan() {
	}

	/** The options {@code scenario} runs with: the plan's sizes under {@code all}, else those given or defaulted. */
	public static Options step(String scenario, Options options) {
		int reps = options.repetitions();
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
		}
		return options.resized(options.rows(), reps, rate, duration);
	}

}
