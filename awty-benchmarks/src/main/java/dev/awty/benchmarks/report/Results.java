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
import java.util.function.Function;

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

	/** awty in {@code backlog}'s runs before its rows are loaded: the empty table's lag over the same length. */
	public static final String AWTY_EMPTY_TABLE = "awty empty table";

	/** awty's ScheduledEvents repository fragment with a Spring Data JPA Specification. */
	public static final String AWTY_JPA = "awty jpa specification";

	public static final String DB_SCHEDULER_DEFAULTS = "db-scheduler defaults";

	/**
	 * The drain's anchor: a hand-written relay loop, locking a batch of due rows {@code FOR UPDATE SKIP LOCKED},
	 * handing them on and marking them in one transaction (one row version per row).
	 */
	public static final String RAW_RELAY = "raw relay";

	/** The drain's secondary peer: a raw loop that commits a claim (a lease) and then a mark, two row versions per row. */
	public static final String RAW_CLAIM_MARK = "raw claim+mark";

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

	/** The report lines of each scenario that ran, in the order they ran. */
	private final Map<String, Function<Results, List<String>>> comparers = new LinkedHashMap<>();

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

	/** The median of {@code metric} over the repetitions, NaN when it was not measured. */
	public double median(String scenario, String system, String metric) {
		return find(scenario, system, metric).map(Summary::median).orElse(Double.NaN);
	}

	/** Lines such as {@code drain awty/db-scheduler = 3.4x}: each scenario that ran writes its own. */
	public List<String> comparisons() {
		List<Function<Results, List<String>>> comparers;
		synchronized (this) {
			comparers = List.copyOf(this.comparers.values());
		}
		List<String> lines = new ArrayList<>();
		comparers.forEach((comparer) -> lines.addAll(comparer.apply(this)));
		return lines;
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

	/** Notes that a scenario ran, and the lines it writes of what it measured. */
	public synchronized void ran(String scenario, Function<Results, List<String>> comparisons) {
		ran(scenario);
		this.comparers.putIfAbsent(scenario, comparisons);
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
