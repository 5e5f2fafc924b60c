package dev.awty.benchmarks.harness;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * The command line: a scenario (or {@code all}) followed by {@code --name value} flags. Every flag has a default
 * for a scenario named alone; {@code all} sizes its steps itself ({@link AllPlan}) where a flag was not given.
 */
public record Options(List<String> scenarios, @Nullable String url, String user, String password, String schema, int rows,
		int repetitions, int threads, int poolSize, int batchSize, Duration pollInterval, int rate, Duration duration,
		int backlogRows, int scheduleRows, int rescheduleRows, Duration lease, int kills, int schedules,
		int occurrenceRate, int createRate, boolean quartz, int historyDays, int historyRows, Duration killInterval,
		Duration reportInterval, Path output, Set<String> given, boolean all) {

	/**
	 * What {@code all} runs, in this order: the headline scenarios first, so that a run cut short still has them.
	 * {@code broker} only when RabbitMQ is reachable and Kafka can be reached or embedded ({@code Benchmark} checks).
	 * {@link AllPlan} sizes each step so that the whole run takes about an hour on a 2-core machine.
	 */
	public static final List<String> ALL = List.of("drain", "lag", "lag-5000", "broker", "vacuum-starved", "backlog",
			"schedule", "reschedule", "recurring", "history");

	/** The chaos scenarios, run only when named (or all of them with {@code chaos}), never by {@code all}. */
	public static final List<String> CHAOS = List.of("chaos-baseline", "chaos-idle-xact", "chaos-rr-readers",
			"chaos-overload", "chaos-kill", "chaos-kill-context", "chaos-pg-restart", "chaos-terminate", "chaos-pool",
			"chaos-failover");

	private static final Pattern SCENARIO_NAME = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");

	static final String USAGE = """
			usage: <scenario|all> [--rows N] [--reps N] [--threads N] [--pool N] [--batch N] [--poll-interval MS]
			       [--rate N] [--duration S] [--backlog-rows N] [--schedule-rows N] [--reschedule-rows N]
			       [--lease S] [--kills N] [--schedules N] [--occurrence-rate N] [--create-rate N]
			       [--quartz yes|no] [--history-days N] [--history-rows N] [--kill-interval S]
			       [--report-interval S] [--url JDBC] [--user U]
			       [--password P] [--schema S] [--out DIR]
			scenarios: drain, lag, lag-5000, backlog, schedule, reschedule, recurring, history, vacuum-starved, all
			       (several may be given, comma-separated)
			all: drain (200,000 rows), lag (1,000/s for 600 s; db-scheduler 120 s of it), lag-5000 (5,000/s for
			       120 s), broker (200,000 rows, when RabbitMQ and Kafka are there), vacuum-starved (120 s), backlog
			       (60 s), schedule, reschedule, recurring, history, then every target with met/MISSED; a flag given
			       sets that size for every step (e.g. all --duration 20); about an hour on a 2-core machine
			server: without --url, a private PostgreSQL cluster with PostgreSQL's default settings (autovacuum on),
			       started for the run and deleted after it; --url runs on that server as it is configured
			quick: the headline ratios in about 2 minutes (drain awty/relay and awty/claim+mark, lag p99 at --rate
			       for 3 x --duration, Kafka awty/relay), run only when named
			broker: awty into RabbitMQ (AWTY_TEST_RABBITMQ_URL or localhost) and Kafka (AWTY_TEST_KAFKA_URL or embedded)
			       beside a raw template loop, run only when named; broker-kafka and broker-rabbit run one of them
			limits: three awty instances with a cluster rate of --rate rows/s and one row in flight per customer for
			       --duration seconds (e.g. --rate 100 --duration 60): the rate achieved against the limit, run only when named
			chaos: chaos-baseline, chaos-idle-xact, chaos-rr-readers, chaos-overload, chaos-kill, chaos-kill-context,
			       chaos-pg-restart, chaos-terminate, chaos-pool, chaos-failover, chaos (all ten)
			soak: three awty instances for --duration (default 3600 s) at --rate events/s with --schedules (default
			       100,000) recurring schedules, one killed every --kill-interval (600 s), PostgreSQL restarted once,
			       figures every --report-interval (60 s); on a private cluster; run only when named
			""";

	public static Options parse(String... args) {
		if (args.length == 0 || args[0].startsWith("--")) {
			throw new IllegalArgumentException("name a scenario first\n" + USAGE);
		}
		List<String> scenarios = new ArrayList<>();
		boolean all = false;
		for (String name : args[0].toLowerCase(Locale.ROOT).split(",")) {
			if (name.equals("all")) {
				scenarios.addAll(ALL);
				all = true;
			}
			else if (name.equals("chaos")) {
				scenarios.addAll(CHAOS);
			}
			else if (SCENARIO_NAME.matcher(name).matches()) {
				// whether a scenario has that name, the scenarios that registered themselves say
				scenarios.add(name);
			}
			else {
				throw new IllegalArgumentException("'" + name + "' is not a scenario name\n" + USAGE);
			}
		}
		OptionFlags flags = new OptionFlags();
		for (int i = 1; i < args.length; i += 2) {
			String flag = args[i];
			if (i + 1 >= args.length) {
				throw new IllegalArgumentException("flag " + flag + " needs a value\n" + USAGE);
			}
			flags.set(flag, args[i + 1]);
		}
		return flags.build(List.copyOf(scenarios), all);
	}

	/** The same options on another database, as the chaos scenarios' private clusters need. */
	public Options withUrl(String url) {
		return new Options(this.scenarios, url, this.user, this.password, this.schema, this.rows, this.repetitions,
				this.threads, this.poolSize, this.batchSize, this.pollInterval, this.rate, this.duration, this.backlogRows,
				this.scheduleRows, this.rescheduleRows, this.lease, this.kills, this.schedules, this.occurrenceRate,
				this.createRate, this.quartz, this.historyDays, this.historyRows, this.killInterval, this.reportInterval,
				this.output, this.given, this.all);
	}

	/** The same options with other sizes, as the {@code quick} scenario runs its parts. */
	public Options resized(int rows, int repetitions, Duration duration) {
		return resized(rows, repetitions, this.rate, duration);
	}

	/** The same options with other sizes and rate, as {@code all} runs its steps ({@link AllPlan}). */
	public Options resized(int rows, int repetitions, int rate, Duration duration) {
		return new Options(this.scenarios, this.url, this.user, this.password, this.schema, rows, repetitions,
				this.threads, this.poolSize, this.batchSize, this.pollInterval, rate, duration, this.backlogRows,
				this.scheduleRows, this.rescheduleRows, this.lease, this.kills, this.schedules, this.occurrenceRate,
				this.createRate, this.quartz, this.historyDays, this.historyRows, this.killInterval, this.reportInterval,
				this.output, this.given, this.all);
	}

	/** The same options with {@code days} past days of history of {@code perDay} entries, as {@code all} fills them. */
	public Options withHistory(int days, int perDay) {
		return new Options(this.scenarios, this.url, this.user, this.password, this.schema, this.rows, this.repetitions,
				this.threads, this.poolSize, this.batchSize, this.pollInterval, this.rate, this.duration, this.backlogRows,
				this.scheduleRows, this.rescheduleRows, this.lease, this.kills, this.schedules, this.occurrenceRate,
				this.createRate, this.quartz, days, perDay, this.killInterval, this.reportInterval, this.output,
				this.given, this.all);
	}

	/** Whether {@code flag} (e.g. {@code --duration}) was given on the command line, so that no plan replaces it. */
	public boolean gave(String flag) {
		return this.given.contains(flag);
	}

	/**
	 * The same options with every size replaced by a tiny one, for the smoke test: every size counts as given, so
	 * {@code all}'s plan keeps them; {@code broker} is left out of {@code all}, which its own smoke test runs.
	 */
	public Options smoke(Path out) {
		List<String> scenarios = this.scenarios.equals(ALL)
				? this.scenarios.stream().filter((s) -> !s.equals("broker")).toList() : this.scenarios;
		return new Options(scenarios, this.url, this.user, this.password, this.schema, 2000, 1, 2, 4, 500,
				Duration.ofMillis(200), 200, Duration.ofSeconds(2), 5000, 1000, 1000, this.lease, 1, 20_000, 200, 600, this.quartz, 2, 10_000,
				this.killInterval, this.reportInterval, out, SIZES, this.all);
	}

	/** The flags that set a size, which {@link #smoke} sets all at once. */
	private static final Set<String> SIZES = Set.of("--rows", "--reps", "--rate", "--duration", "--backlog-rows",
			"--schedule-rows", "--reschedule-rows", "--schedules", "--occurrence-rate", "--create-rate",
			"--history-days", "--history-rows");

}
