package dev.awty.autoconfigure.properties;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * Metrics and health settings, under {@code awty.metrics.*} and {@code awty.health.*}.
 */
public final class AwtyObservabilityProperties {

	private AwtyObservabilityProperties() {
	}

	/**
	 * Metrics settings, under {@code awty.metrics.*}.
	 */
	public static class Metrics {

		/**
		 * How often the pending and overdue counts of every type are read from the tables, for gauges, health
		 * and the dashboard.
		 */
		private Duration refresh = Duration.ofSeconds(10);

		public Duration getRefresh() {
			return this.refresh;
		}

		public void setRefresh(Duration refresh) {
			this.refresh = refresh;
		}

	}

	/**
	 * Health indicator settings, under {@code awty.health.*}.
	 */
	public static class Health {

		/**
		 * How long the oldest overdue row of a type may have been due before the awty health indicator
		 * reports DOWN; defaults to the longest claim lease plus 10 minutes, so that instances picking up the
		 * rows of a crashed one after their lease are not reported DOWN.
		 */
		private @Nullable Duration maxOverdue;

		public @Nullable Duration getMaxOverdue() {
			return this.maxOverdue;
		}

		public void setMaxOverdue(@Nullable Duration maxOverdue) {
			this.maxOverdue = maxOverdue;
		}

	}

}
