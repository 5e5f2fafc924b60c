package dev.awty.internal.metrics;

import java.util.Set;
import java.util.function.Supplier;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The {@code awty.paused} gauge of each event type, tagged by {@code type}: 1 while an operator has it paused, else 0.
 * It reads the paused types kept in memory, so a scrape runs no query.
 */
public final class PauseMeters {

	private PauseMeters() {
	}

	public static void register(MeterRegistry registry, Supplier<Set<String>> paused, String type) {
		Gauge.builder("awty.paused", paused, (current) -> current.get().contains(type) ? 1 : 0)
			.description("Whether an operator paused the delivery of the type (1) or not (0)")
			.tag("type", type)
			// Micrometer holds the state weakly; the supplier is a method reference nothing else keeps.
			.strongReference(true)
			.register(registry);
	}

}
