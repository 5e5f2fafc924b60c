package dev.awty.internal.metrics;

import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.TimeGauge;

import dev.awty.internal.observe.Backlog;
import dev.awty.internal.observe.BacklogMonitor;

/**
 * Gauges of each type's backlog, tagged by {@code type}. They read the {@link BacklogMonitor}'s last
 * refresh, so a scrape never runs a query; a type not read yet shows NaN.
 */
public final class BacklogMeters {

	private BacklogMeters() {
	}

	public static void register(MeterRegistry registry, BacklogMonitor monitor, String type) {
		Gauge.builder("awty.pending", monitor, (m) -> value(m, type, Field.PENDING))
			.description("Rows waiting to be delivered")
			.tag("type", type)
			.register(registry);
		Gauge.builder("awty.overdue", monitor, (m) -> value(m, type, Field.OVERDUE))
			.description("Pending rows whose due time has passed")
			.tag("type", type)
			.register(registry);
		TimeGauge.builder("awty.overdue.oldest", monitor, TimeUnit.MILLISECONDS, (m) -> value(m, type, Field.OLDEST))
			.description("How long the oldest overdue row has been due")
			.tag("type", type)
			.register(registry);
	}

	private static double value(BacklogMonitor monitor, String type, Field field) {
		Backlog backlog = monitor.current().get(type);
		if (backlog == null) {
			return Double.NaN;
		}
		return switch (field) {
			case PENDING -> backlog.pending();
			case OVERDUE -> backlog.overdue();
			case OLDEST -> backlog.oldestOverdue().toMillis();
		};
	}

	private enum Field {

		PENDING, OVERDUE, OLDEST

	}

}
