package dev.awty.benchmarks.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import dev.awty.ClaimMode;
import dev.awty.benchmarks.awty.AwtyInstances;
import dev.awty.benchmarks.broker.BenchBroker;
import dev.awty.benchmarks.broker.KafkaBench;
import dev.awty.benchmarks.broker.OutboxRelay;
import dev.awty.benchmarks.broker.RabbitBench;
import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.harness.Receiver;
import dev.awty.benchmarks.report.Numbers;
import dev.awty.benchmarks.report.Results;

/**
 * {@code broker}: the same N rows published into Kafka ({@code acks=all}, idempotence) and RabbitMQ (publisher
 * confirms and returns) by a raw template loop awaiting each batch's acknowledgements, by a hand-written outbox
 * relay ({@link OutboxRelay}: claim, send, await, mark, commit) and by awty in skip-locked and leader mode, and
 * skip-locked without history entries ({@code awty.history.mode=none}, as the relay writes none); each run on a fresh
 * topic or queue whose consumer checks that every event
 * arrived exactly once. Events per second from the first arrival at the consumer to the last, and awty's
 * commits per event. Each system first publishes the broker's {@linkplain BenchBroker#warmUpRows warm-up} unmeasured.
 */
public final class BrokerScenario implements Scenario {

	private static final Log logger = LogFactory.getLog(BrokerScenario.class);

	private static final List<String> SYSTEMS = List.of(Results.BROKER_RAW, Results.BROKER_RELAY, Results.AWTY,
			Results.AWTY_LEADER, Results.AWTY_HISTORY_NONE);

	private final String name;

	private final List<Supplier<BenchBroker>> brokers;

	private final List<String> systems;

	/**
	 * @param only {@code kafka} or {@code rabbit} for one broker, {@code null} for both
	 */
	public BrokerScenario(@Nullable String only) {
		this("broker", only, SYSTEMS);
	}

	/** The scenario recording under {@code name}, running only {@code systems}. */
	public BrokerScenario(String name, @Nullable String only, List<String> systems) {
		this.name = name;
		this.brokers = (only == null) ? List.of(KafkaBench::new, RabbitBench::new)
				: List.of(only.equals("kafka") ? KafkaBench::new : RabbitBench::new);
		this.systems = systems;
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public void run(BenchDatabase database, Results results) {
		for (Supplier<BenchBroker> brokers : this.brokers) {
			try (BenchBroker broker = brokers.get()) {
				run(database, broker, results);
			}
		}
	}

	private void run(BenchDatabase database, BenchBroker broker, Results results) {
		Options options = database.options();
		int warmUpRows = broker.warmUpRows(options.rows());
		for (String system : this.systems) {
			publish(database, broker, system, warmUpRows, 0, null);
		}
		for (int rep = 1; rep <= options.repetitions(); rep++) {
			for (String system : Scenario.order(this.systems, rep)) {
				publish(database, broker, system, options.rows(), rep, results);
			}
		}
	}

	/**
	 * @param results where to record the figures; {@code null} for a warm-up run
	 */
	private void publish(BenchDatabase database, BenchBroker broker, String system, int rows, int rep,
			@Nullable Results results) {
		database.clearRuns();
		Receiver receiver = new Receiver(rows);
		Duration timeout = Duration.ofSeconds(Math.max(120, rows / 200));
		String name = broker.name() + " " + system;
		long before;
		try (BenchBroker.Destination destination = broker.open(receiver)) {
			if (system.equals(Results.BROKER_RAW)) {
				Scenario.settle();
				before = database.commits();
				destination.publishRaw(rows, database.options().batchSize());
				receiver.awaitAll(timeout, name);
			}
			else if (system.equals(Results.BROKER_RELAY)) {
				Rows.awty(database, BenchDatabase.RAW, 0, rows, Rows.DUE_NOW);
				Rows.analyze(database, BenchDatabase.RAW);
				Scenario.settle();
				before = database.commits();
				OutboxRelay.drain(database, destination);
				receiver.awaitAll(timeout, name);
			}
			else {
				ClaimMode mode = system.equals(Results.AWTY_LEADER) ? ClaimMode.LEADER : ClaimMode.SKIP_LOCKED;
				Map<String, Object> properties = new HashMap<>(destination.awtyProperties());
				if (system.equals(Results.AWTY_HISTORY_NONE)) {
					properties.put("awty.history.mode", "none");
				}
				try (AwtyInstances awty = AwtyInstances.start(broker.application(), database, mode, 1, receiver,
						"bench-", properties)) {
					Scenario.settle();
					before = database.commits();
					Rows.awty(database, BenchDatabase.AWTY, 0, rows, Rows.DUE_NOW);
					receiver.awaitAll(timeout, name);
					awaitMarked(database, name);
				}
			}
			// a late duplicate would arrive within moments of the last event
			Scenario.settle();
		}
		Scenario.settle();
		long commits = database.commits() - before - 1;
		if (results != null) {
			results.delivered(name(), name, rep, rows, receiver.received(), receiver.duplicates());
		}
		receiver.verifyExactlyOnce(name);
		if (results == null) {
			logger.info(String.format("broker %-24s warm-up: %,.0f events/s (%,d rows)", name, receiver.rate(), rows));
			return;
		}
		results.add(name(), name, "events/s", "events/s", receiver.rate(), rep);
		// the raw loop commits nothing: its figure is what other clients of the database committed meanwhile
		results.add(name(), name, "commits/event", "commits", (double) commits / rows, rep);
		logger.info(String.format("broker %-24s rep %d: %,.0f events/s, %.4f commits/event (%,d rows)", name, rep,
				receiver.rate(), (double) commits / rows, rows));
	}

	/** Waits until awty marked every row it published, so that its commits are all counted. */
	private static void awaitMarked(BenchDatabase database, String system) {
		long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
		long left;
		while ((left = database.queryLong("SELECT count(*) FROM " + BenchDatabase.AWTY
				+ " WHERE seq >= 0 AND status <> 'DELIVERED'")) > 0) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException(system + " left " + left + " row(s) unmarked after publishing them");
			}
			Scenario.pause(Duration.ofMillis(20));
		}
	}

	/** awty against the raw send loop and the raw outbox relay of each broker. */
	@Override
	public List<String> comparisons(Results results) {
		List<String> lines = new ArrayList<>();
		for (String broker : Results.BROKERS) {
			double raw = results.median(name(), broker + " " + Results.BROKER_RAW, "events/s");
			if (!Double.isNaN(raw)) {
				double relay = results.median(name(), broker + " " + Results.BROKER_RELAY, "events/s");
				for (String system : List.of(Results.AWTY, Results.AWTY_LEADER, Results.AWTY_HISTORY_NONE)) {
					double published = results.median(name(), broker + " " + system, "events/s");
					if (Double.isNaN(published)) {
						continue;
					}
					String mode = " (" + system.substring("awty ".length()) + ")";
					lines.add("broker " + broker + " awty/raw = " + Numbers.format(published / raw) + mode);
					lines.add("broker " + broker + " awty/relay = " + Numbers.format(published / relay) + mode);
				}
				lines.add("broker " + broker + " commits/event awty = "
						+ Numbers.format(results.median(name(), broker + " " + Results.AWTY, "commits/event")) + " (skip-locked), "
						+ Numbers.format(results.median(name(), broker + " " + Results.AWTY_LEADER, "commits/event"))
						+ " (leader), background (other clients during the raw loop) = "
						+ Numbers.format(results.median(name(), broker + " " + Results.BROKER_RAW, "commits/event")));
			}
		}
		return lines;
	}

	/** Registers {@link BrokerScenario} (see {@link ScenarioProvider}). */
	public static final class Provider implements ScenarioProvider {

		@Override
		public List<Scenario> scenarios() {
			return List.of(new BrokerScenario(null), new BrokerScenario("broker-kafka", "kafka", SYSTEMS),
					new BrokerScenario("broker-rabbit", "rabbit", SYSTEMS));
		}

	}

}
