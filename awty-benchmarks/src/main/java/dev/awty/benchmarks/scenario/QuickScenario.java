package dev.awty.benchmarks.scenario;

import java.util.ArrayList;
import java.util.List;

import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.report.Numbers;
import dev.awty.benchmarks.report.Results;

/**
 * {@code quick}: the headline ratios in about two minutes, to run before and after every change to the delivery
 * path. awty beside the raw relay loop (the anchor) and the raw claim+mark loop draining {@code --rows} (two
 * repetitions at most), awty's lag at {@code --rate} for three times {@code --duration} (30 s by default), and awty
 * beside the hand-written outbox relay into Kafka with half the rows (one repetition, after the broker's warm-up: a
 * tenth of a second of the relay was too short to tell a change from noise). The figures are recorded as
 * {@link Results#QUICK_DRAIN}, {@link Results#QUICK_LAG} and {@link Results#QUICK_BROKER}, apart from the full
 * scenarios'.
 */
public final class QuickScenario implements Scenario {

	@Override
	public String name() {
		return "quick";
	}

	@Override
	public void run(BenchDatabase database, Results results) {
		Options o = database.options();
		BenchDatabase drain = new BenchDatabase(o.resized(o.rows(), Math.min(2, o.repetitions()), o.duration()));
		BenchDatabase lag = new BenchDatabase(o.resized(o.rows(), 1, o.duration().multipliedBy(3)));
		BenchDatabase kafka = new BenchDatabase(o.resized(Math.max(1, o.rows() / 2), 1, o.duration()));
		new DrainScenario(Results.QUICK_DRAIN, List.of(Results.AWTY, Results.RAW_RELAY, Results.RAW_CLAIM_MARK)).run(drain, results);
		new LagScenario(Results.QUICK_LAG, false, List.of(Results.AWTY)).run(lag, results);
		new BrokerScenario(Results.QUICK_BROKER, "kafka", List.of(Results.BROKER_RELAY, Results.AWTY)).run(kafka, results);
	}

	/** The headline ratios, each from its own part of the run. */
	@Override
	public List<String> comparisons(Results results) {
		List<String> lines = new ArrayList<>();
		double drain = results.median(Results.QUICK_DRAIN, Results.AWTY, "events/s");
		if (!Double.isNaN(drain)) {
			double relay = results.median(Results.QUICK_DRAIN, Results.RAW_RELAY, "events/s");
			double claimMark = results.median(Results.QUICK_DRAIN, Results.RAW_CLAIM_MARK, "events/s");
			lines.add("quick drain awty/relay = " + Numbers.format(drain / relay) + "x (awty " + Numbers.format(drain)
					+ " events/s, relay " + Numbers.format(relay) + "; awty/claim+mark " + Numbers.format(drain / claimMark)
					+ "x, claim+mark " + Numbers.format(claimMark) + ")");
			List<String> systems = List.of(Results.AWTY, Results.RAW_RELAY, Results.RAW_CLAIM_MARK);
			lines.add(DrainScenario.updates(results, Results.QUICK_DRAIN, systems));
			lines.add(DrainScenario.processorTimes(results, Results.QUICK_DRAIN, systems));
		}
		double p99 = results.median(Results.QUICK_LAG, Results.AWTY, "lag p99");
		if (!Double.isNaN(p99)) {
			lines.add("quick lag p99 awty = " + Numbers.format(p99) + " ms (p50 "
					+ Numbers.format(results.median(Results.QUICK_LAG, Results.AWTY, "lag p50")) + " ms, max "
					+ Numbers.format(results.median(Results.QUICK_LAG, Results.AWTY, "lag max")) + " ms)");
		}
		double kafka = results.median(Results.QUICK_BROKER, "kafka " + Results.AWTY, "events/s");
		if (!Double.isNaN(kafka)) {
			lines.add("quick broker kafka awty/relay = "
					+ Numbers.format(kafka / results.median(Results.QUICK_BROKER, "kafka " + Results.BROKER_RELAY, "events/s")) + " ("
					+ Numbers.format(kafka) + " events/s)");
		}
		return lines;
	}

	/** Registers {@link QuickScenario} (see {@link ScenarioProvider}). */
	public static final class Provider implements ScenarioProvider {

		@Override
		public List<Scenario> scenarios() {
			return List.of(new QuickScenario());
		}

	}

}
