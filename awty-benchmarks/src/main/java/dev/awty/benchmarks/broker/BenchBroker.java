package dev.awty.benchmarks.broker;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.awty.benchmarks.harness.Receiver;

/**
 * One broker the scenario publishes to: a destination per run with a consumer counting what arrives, the raw
 * template loop, and the properties of an awty application bridging to that destination.
 */
public interface BenchBroker extends AutoCloseable {

	/** {@code kafka} or {@code rabbit}. */
	String name();

	/** Creates a fresh destination and starts a consumer on it that hands every arrival to {@code receiver}. */
	Destination open(Receiver receiver);

	/** The application class of awty bridging its event type to this broker. */
	Class<?> application();

	/**
	 * How many rows each system publishes unmeasured before the repetitions of {@code rows}: as many, where a
	 * repetition lasts long enough for the JIT compiler to be done early in it.
	 */
	default int warmUpRows(int rows) {
		return rows;
	}

	@Override
	void close();

	/** A topic or exchange with its queue, and the consumer reading it; closing removes both. */
	interface Destination extends AutoCloseable {

		/** Publishes sequence numbers {@code [0, count)} with the template, {@code batch} at a time, awaiting acks. */
		default void publishRaw(int count, int batch) {
			for (long first = 0; first < count; first += batch) {
				List<Long> seqs = new ArrayList<>(batch);
				for (long seq = first; seq < Math.min(count, first + batch); seq++) {
					seqs.add(seq);
				}
				sendAll(seqs);
			}
		}

		/**
		 * Sends one message per sequence number with the template and returns once the broker acknowledged every
		 * one; fails if it refused or returned any. Safe to call from several threads at once.
		 */
		void sendAll(List<Long> seqs);

		/** The properties of an awty instance that publishes to this destination. */
		Map<String, Object> awtyProperties();

		@Override
		void close();

	}

}
