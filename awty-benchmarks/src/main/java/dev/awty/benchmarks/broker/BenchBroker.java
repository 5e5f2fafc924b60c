package dev.awty.benchmarks.broker;

import java.util.Map;

import dev.awty.benchmarks.Receiver;

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

	@Override
	void close();

	/** A topic or exchange with its queue, and the consumer reading it; closing removes both. */
	interface Destination extends AutoCloseable {

		/** Publishes sequence numbers {@code [0, count)} with the template, {@code batch} at a time, awaiting acks. */
		void publishRaw(int count, int batch);

		/** The properties of an awty instance that publishes to this destination. */
		Map<String, Object> awtyProperties();

		@Override
		void close();

	}

}
