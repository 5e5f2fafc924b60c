package dev.awty.benchmarks.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * Every measurement of a benchmark run, summarised per scenario, system and metric, with the comparison
 * lines and the targets derived from them.
 */
public final class Results {

	public static final String AWTY = "awty skip-locked";

	/** awty skip-locked with a tracer: every row continues its stored trace, every span sampled and recorded. */
	public static final String AWTY_TRACED = "awty skip-locked traced";

	public static final String AWTY_X2 = "awty skip-locked x2";

	/** awty skip-locked with {@code awty.history.mode=none}: the drain without history entries. */
	public static final String AWTY_HISTORY_NONE = "awty skip-locked history none";

	public static final String AWTY_LEADER = "awty leader";

	/** awty's recurring schedules firing while more are created through {@code createAll}. */
	public static final String AWTY_CREATING = "awty creating";

	public static final String DB_SCHEDULER = "db-scheduler";

	/** awty's ScheduledEvents repository fragment with a Spring Data JPA Specification. */
	public static final String AWTY_JPA = "awty jpa specification";

	public static final String DB_SCHEDULER_DEFAULTS = "db-scheduler defaults";

	public static final String RAW_SQL = "raw-sql";

	/** Quartz's clustered JDBC job store, one simple trigger per row. */
	public static final String QUARTZ = "quartz";

	/** The broker scenario's template loop publishing straight to the broker, awaiting acknowledgements. */
	public static final String BROKER_RAW = "raw template";

	/** The broker scenario's hand-written outbox relay: claim a batch, send it, await its acknowledgements, mark it. */
	public static final String BROKER_RELAY = "raw outbox relay";

	/** The scenario whose xmin horizon another session holds. */
	public static final String VACUUM_STARVED = "vacuum-starved";

	/** What the {@code quick} scenario records its three parts under. */
	public static final String QUICK_DRAIN = "quick drain";

	public static final String QUICK_LAG = "quick lag";

	public static final String QUICK_BROKER = "quick broker";

	/** The broker scenario's brokers, each a prefix of its systems' names ({@code kafka awty leader}). */
	public static final List<String> BROKERS = List.of("kafka", "rabbit");

	private final List<Measurement> measurements = new ArrayList<>();

	private final List<Delivery> deliveries = new ArrayList<>();

	private final Set<String> ran = new LinkedHashSet<>();

	private final Map<String, String> labels = new HashMap<>();

	private final Map<String, Double> rates = new HashMap<>();

	private final List<String> failures = new ArrayList<>();

	public synchronized void delivered(String scenario, String system, int repetition, long expected, long received,
			long duplicates) {
		this.deliveries.add(new Delivery(scenario, system, repetition, expected, received, duplicates, false));
	}

	/** A run under injected faults: only a loss counts against it, see {@link Delivery#faulted()}. */
	public synchronized void deliveredUnderFaults(String scenario, String system, long expected, long received,
			long duplicates) {
		this.deliveries.add(new Delivery(scenario, system, 1, expected, received, duplicates, true));
	}

	public synchronized List<Delivery> deliveries() {
		return List.copyOf(this.deliveries);
	}

	public synchronized void add(String scenario, String system, String metric, String unit, double value,
			int repetition) {
		this.measurements.add(new Measurement(scenario, system, metric, unit, value, repetition));
	}

	public synchronized List<Measurement> measurements() {
		return List.copyOf(this.measurements);
	}

	/** Summaries in the order their first measurement was taken. */
	public synchronized List<Summary> summaries() {
		Map<String, List<Measurement>> groups = new LinkedHashMap<>();
		for (Measurement m : this.measurements) {
			groups.computeIfAbsent(m.scenario() + "|" + m.system() + "|" + m.metric(), (key) -> new ArrayList<>()).add(m);
		}
		return groups.values().stream().map(Summary::of).toList();
	}

	public Optional<Summary> find(String scenario, String system, String metric) {
		return summaries().stream()
			.filter((s) -> s.scenario().equals(scenario) && s.system().equals(system) && s.metric().equals(metric))
			.findFirst();
	}

	private double median(String scenario, String system, String metric) {
		return find(scenario, system, metric).map(Summary::median).orElse(Double.NaN);
	}

	/** Lines such as {@code drain awty/db-scheduler = 3.4x}, for the scenarios that ran. */
	public List<String> comparisons() {
		List<String> lines = new ArrayList<>();
		double awty = median("drain", AWTY, "events/s");
		if (!Double.isNaN(awty)) {
			lines.add("drain awty/db-scheduler = " + Numbers.format(awty / median("drain", DB_SCHEDULER, "events/s")) + "x");
			lines.add("drain awty/db-scheduler defaults = "
					+ Numbers.format(awty / median("drain", DB_SCHEDULER_DEFAULTS, "events/s")) + "x");
			lines.add("drain awty/raw-sql = " + Numbers.format(awty / median("drain", RAW_SQL, "events/s")));
			lines.add("drain awty/quartz = " + Numbers.format(awty / median("drain", QUARTZ, "events/s")) + "x");
			if (!Double.isNaN(median("drain", AWTY_TRACED, "events/s"))) {
				lines.add("drain awty traced/awty = " + Numbers.format(median("drain", AWTY_TRACED, "events/s") / awty));
			}
			lines.add("drain awty leader/raw-sql = "
					+ Numbers.format(median("drain", AWTY_LEADER, "events/s") / median("drain", RAW_SQL, "events/s")));
			lines.add("drain awty history none/raw-sql = "
					+ Numbers.format(median("drain", AWTY_HISTORY_NONE, "events/s") / median("drain", RAW_SQL, "events/s")));
			lines.add("drain awty x2/awty = " + Numbers.format(median("drain", AWTY_X2, "events/s") / awty));
			lines.add("drain commits/event awty = " + Numbers.format(median("drain", AWTY, "commits/event"))
					+ ", db-scheduler = " + Numbers.format(median("drain", DB_SCHEDULER, "commits/event"))
					+ ", raw-sql = " + Numbers.format(median("drain", RAW_SQL, "commits/event"))
					+ ", quartz = " + Numbers.format(median("drain", QUARTZ, "commits/event")));
		}
		for (String scenario : List.of("lag", "lag-5000", "backlog")) {
			double p99 = median(scenario, AWTY, "lag p99");
			if (!Double.isNaN(p99)) {
				double peer = median(scenario, DB_SCHEDULER, "lag p99");
				lines.add(scenario + " p99 awty = " + Numbers.format(p99) + " ms, db-scheduler = "
						+ (Double.isNaN(peer) ? "not run" : Numbers.format(peer) + " ms"));
				lines.add(scenario + " p99 first minute/last minute awty = "
						+ Numbers.format(median(scenario, AWTY, "lag p99 first minute")) + " / "
						+ Numbers.format(median(scenario, AWTY, "lag p99 last minute")) + " ms");
				double awtyRun = median(scenario, AWTY, "run");
				double peerRun = median(scenario, DB_SCHEDULER, "run");
				if (peerRun < awtyRun) {
					lines.add(scenario + " db-scheduler ran " + Numbers.format(peerRun) + " s of awty's "
							+ Numbers.format(awtyRun) + " s (its lag is flat over a run; the whole would double the time)");
				}
			}
		}
		double backlog = median("backlog", AWTY, "lag p99");
		double empty = median("lag", AWTY, "lag p99");
		if (!Double.isNaN(backlog) && !Double.isNaN(empty)) {
			lines.add("backlog/empty lag p99 awty = " + Numbers.format(backlog / empty));
		}
		double single = median("schedule", AWTY, "one per transaction/s");
		if (!Double.isNaN(single)) {
			lines.add("schedule one per transaction awty/db-scheduler = "
					+ Numbers.format(single / median("schedule", DB_SCHEDULER, "one per transaction/s")) + "x");
			lines.add("schedule batch awty/db-scheduler = " + Numbers.format(median("schedule", AWTY, "batch/s")
					/ median("schedule", DB_SCHEDULER, "batch/s")) + "x");
		}
		for (String scenario : measurements().stream().map(Measurement::scenario).distinct().toList()) {
			if (scenario.startsWith("chaos-")) {
				lines.add(scenario + ": " + chaos(scenario, AWTY) + "; " + chaos(scenario, DB_SCHEDULER));
			}
		}
		for (String broker : BROKERS) {
			double raw = median("broker", broker + " " + BROKER_RAW, "events/s");
			if (!Double.isNaN(raw)) {
				double relay = median("broker", broker + " " + BROKER_RELAY, "events/s");
				for (String system : List.of(AWTY, AWTY_LEADER)) {
					double published = median("broker", broker + " " + system, "events/s");
					String mode = " (" + system.substring("awty ".length()) + ")";
					lines.add("broker " + broker + " awty/raw = " + Numbers.format(published / raw) + mode);
					lines.add("broker " + broker + " awty/relay = " + Numbers.format(published / relay) + mode);
				}
				lines.add("broker " + broker + " commits/event awty = "
						+ Numbers.format(median("broker", broker + " " + AWTY, "commits/event")) + " (skip-locked), "
						+ Numbers.format(median("broker", broker + " " + AWTY_LEADER, "commits/event"))
						+ " (leader), background (other clients during the raw loop) = "
						+ Numbers.format(median("broker", broker + " " + BROKER_RAW, "commits/event")));
			}
		}
		lines.addAll(quick());
		lines.addAll(vacuumStarved());
		double recurring = median("recurring", AWTY, "lag p99");
		if (!Double.isNaN(recurring)) {
			double quartz = median("recurring", QUARTZ, "lag p99");
			lines.add("recurring lag p99 awty = " + Numbers.format(recurring) + " ms, quartz = "
					+ (Double.isNaN(quartz) ? "not run" : Numbers.format(quartz) + " ms"));
			double creating = median("recurring", AWTY_CREATING, "lag p99");
			if (!Double.isNaN(creating)) {
				lines.add("recurring lag p99 while creating " + Numbers.format(median("recurring", AWTY_CREATING,
						"created/min")) + " schedules/min = " + Numbers.format(creating) + " ms, "
						+ Numbers.format(creating / recurring) + "x without");
			}
			double scans = median("recurring", AWTY, "statements reading the table whole");
			if (!Double.isNaN(scans)) {
				lines.add("recurring plans after the bulk load (claim, next due, mark fired): "
						+ ((scans == 0) ? "index scans only" : Numbers.format(scans) + " read awty_schedule whole"));
			}
			lines.add("recurring awty createAll = "
					+ Numbers.format(median("recurring", AWTY, "createAll/s")) + " schedules/s, size per million = "
					+ Numbers.format(median("recurring", AWTY, "table MB per million")) + " MB table + "
					+ Numbers.format(median("recurring", AWTY, "indexes MB per million")) + " MB indexes");
		}
		double historyAll = median("history", AWTY + " history all", "events/s");
		if (!Double.isNaN(historyAll)) {
			lines.add("history drain all/none = " + Numbers.format(median("history", AWTY, "drain all/none"))
					+ " (median of the repetitions' ratios; of the medians "
					+ Numbers.format(historyAll / median("history", AWTY + " history none", "events/s")) + ")");
			lines.add("history day of " + Numbers.format(median("history", AWTY, "entries per day")) + " entries = "
					+ Numbers.format(median("history", AWTY, "day MB")) + " MB ("
					+ Numbers.format(median("history", AWTY, "bytes per entry")) + " bytes per entry), retired in "
					+ Numbers.format(median("history", AWTY, "seconds per day retired")) + " s; failed yesterday ("
					+ Numbers.format(median("history", AWTY, "failed yesterday entries")) + " entries) "
					+ Numbers.format(median("history", AWTY, "failed yesterday ms")) + " ms median, first call "
					+ Numbers.format(median("history", AWTY, "failed yesterday first call ms")) + " ms");
			double free = median("history", AWTY, "disk free GB") * 1e9;
			lines.add("history size " + Numbers.format(median("history", AWTY, "history MB")) + " MB; the disk's "
					+ Numbers.format(free / 1e9) + " GB free would hold one day of about "
					+ Numbers.format(free / median("history", AWTY, "bytes per entry"))
					+ " entries at this size per entry (not filled: a day at 10,000 events/s is 864,000,000)");
		}
		double join = median("reschedule", AWTY, "seconds");
		if (!Double.isNaN(join)) {
			lines.add("reschedule db-scheduler (per id)/awty (join) = "
					+ Numbers.format(median("reschedule", DB_SCHEDULER, "seconds") / join) + "x");
			lines.add("reschedule awty jpa specification/awty selection (time) = "
					+ Numbers.format(median("reschedule", AWTY_JPA, "seconds") / join) + "x");
		}
		return lines;
	}

	/** The lag with the xmin horizon held beside the production-like {@code lag} run, and what each row leaves dead. */
	private List<String> vacuumStarved() {
		List<String> lines = new ArrayList<>();
		double p99 = median(VACUUM_STARVED, AWTY, "lag p99");
		if (Double.isNaN(p99)) {
			return lines;
		}
		lines.add("vacuum-starved lag p99 awty = " + Numbers.format(p99) + " ms, db-scheduler = "
				+ Numbers.format(median(VACUUM_STARVED, DB_SCHEDULER, "lag p99")) + " ms (of what arrived; undelivered 60 s"
				+ " after the load: awty " + Numbers.format(median(VACUUM_STARVED, AWTY, "undelivered 60 s after the load"))
				+ ", db-scheduler " + Numbers.format(median(VACUUM_STARVED, DB_SCHEDULER, "undelivered 60 s after the load"))
				+ ")");
		lines.add("vacuum-starved lag p99 first/last window awty = "
				+ Numbers.format(median(VACUUM_STARVED, AWTY, "first window lag p99")) + " / "
				+ Numbers.format(median(VACUUM_STARVED, AWTY, "last window lag p99")) + " ms, db-scheduler = "
				+ Numbers.format(median(VACUUM_STARVED, DB_SCHEDULER, "first window lag p99")) + " / "
				+ Numbers.format(median(VACUUM_STARVED, DB_SCHEDULER, "last window lag p99")) + " ms");
		double production = median("lag", AWTY, "lag p99");
		if (!Double.isNaN(production)) {
			lines.add("vacuum-starved/lag p99 awty = " + Numbers.format(p99 / production));
		}
		for (String system : List.of(AWTY, DB_SCHEDULER)) {
			lines.add("vacuum-starved per delivered row " + system + ": "
					+ Numbers.format(median(VACUUM_STARVED, system, "updates per row")) + " updates ("
					+ Numbers.format(median(VACUUM_STARVED, system, "HOT updates per row")) + " HOT), "
					+ Numbers.format(median(VACUUM_STARVED, system, "deletes per row")) + " deletes, "
					+ Numbers.format(median(VACUUM_STARVED, system, "dead tuples per row")) + " dead tuples");
		}
		return lines;
	}

	/** The headline ratios of the {@code quick} scenario, each from its own part of the run. */
	private List<String> quick() {
		List<String> lines = new ArrayList<>();
		double drain = median(QUICK_DRAIN, AWTY, "events/s");
		if (!Double.isNaN(drain)) {
			lines.add("quick drain awty/raw-sql = " + Numbers.format(drain / median(QUICK_DRAIN, RAW_SQL, "events/s"))
					+ " (" + Numbers.format(drain) + " events/s)");
		}
		double p99 = median(QUICK_LAG, AWTY, "lag p99");
		if (!Double.isNaN(p99)) {
			lines.add("quick lag p99 awty = " + Numbers.format(p99) + " ms (p50 "
					+ Numbers.format(median(QUICK_LAG, AWTY, "lag p50")) + " ms, max "
					+ Numbers.format(median(QUICK_LAG, AWTY, "lag max")) + " ms)");
		}
		double kafka = median(QUICK_BROKER, "kafka " + AWTY, "events/s");
		if (!Double.isNaN(kafka)) {
			lines.add("quick broker kafka awty/relay = "
					+ Numbers.format(kafka / median(QUICK_BROKER, "kafka " + BROKER_RELAY, "events/s")) + " ("
					+ Numbers.format(kafka) + " events/s)");
		}
		return lines;
	}

	/** One system's line of a chaos scenario: lag p50/p95/p99, lost and duplicates. */
	private String chaos(String scenario, String system) {
		return system + " lag p50/p95/p99 " + Numbers.format(median(scenario, system, "lag p50")) + "/"
				+ Numbers.format(median(scenario, system, "lag p95")) + "/"
				+ Numbers.format(median(scenario, system, "lag p99")) + " ms, lost "
				+ Numbers.format(median(scenario, system, "lost")) + ", duplicates "
				+ Numbers.format(median(scenario, system, "duplicates"));
	}

	/**
	 * Each target the run can judge (those of scenarios that ran, see {@link #ran}), as
	 * {@code target <name>: <figure> vs <comparison> <limit> met|MISSED}.
	 */
	public List<String> targets() {
		return targetList().stream().map(Target::line).toList();
	}

	public List<Target> targetList() {
		Set<String> ran = new HashSet<>(ranScenarios());
		measurements().forEach((m) -> ran.add(m.scenario()));
		return Targets.of(this, ran);
	}

	/** {@code targets met N of M}, the last line of a run. */
	public String targetSummary() {
		List<Target> targets = targetList();
		return "targets met " + targets.stream().filter(Target::met).count() + " of " + targets.size();
	}

	/** Notes that a scenario ran (or was meant to: one that failed still has its targets, missed). */
	public synchronized void ran(String scenario) {
		this.ran.add(scenario);
	}

	synchronized Set<String> ranScenarios() {
		return new LinkedHashSet<>(this.ran);
	}

	/** Notes that {@code scenario} failed with {@code reason}; the run goes on and its targets are missed. */
	public synchronized void failed(String scenario, String reason) {
		this.failures.add(scenario + ": " + reason);
	}

	public synchronized List<String> failures() {
		return List.copyOf(this.failures);
	}

	/** What a scenario ran at, e.g. {@code 1,000 events/s for 600 s}, for its target lines, and the rate asked. */
	public synchronized void label(String scenario, String label, double rate) {
		this.labels.put(scenario, label);
		this.rates.put(scenario, rate);
	}

	synchronized double rate(String scenario) {
		return this.rates.getOrDefault(scenario, Double.NaN);
	}

	synchronized @Nullable String label(String scenario) {
		return this.labels.get(scenario);
	}


}
