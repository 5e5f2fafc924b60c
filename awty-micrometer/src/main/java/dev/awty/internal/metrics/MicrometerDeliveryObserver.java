package dev.awty.internal.metrics;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import dev.awty.internal.pipeline.kit.DeliveryObserver;

/**
 * Records the pollers' work as meters tagged by {@code type}: the delivery lag (publish time minus due
 * time) with a percentile histogram, rows delivered, failed for good and retried, recurring occurrences
 * skipped, and each claim's
 * duration and size. Meters are looked up once per type and cached.
 */
public final class MicrometerDeliveryObserver implements DeliveryObserver {

	private final MeterRegistry registry;

	private final Map<String, Meters> meters = new ConcurrentHashMap<>();

	public MicrometerDeliveryObserver(MeterRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void claimed(String type, int rows, long nanos) {
		Meters typeMeters = meters(type);
		typeMeters.pollDuration.record(nanos, TimeUnit.NANOSECONDS);
		typeMeters.claimSize.record(rows);
	}

	@Override
	public void published(String type, Duration lag) {
		Meters typeMeters = meters(type);
		typeMeters.lag.record(lag);
		typeMeters.delivered.increment();
	}

	@Override
	public void failedAttempt(String type, boolean retried) {
		Meters typeMeters = meters(type);
		(retried ? typeMeters.retried : typeMeters.failed).increment();
	}

	@Override
	public void leaseLost(String type, long rows) {
		meters(type).leaseLost.increment(rows);
	}

	@Override
	public void skipped(String type, long occurrences) {
		meters(type).skipped.increment(occurrences);
	}

	/** Creates the type's meters up front, so that they show zero before the first delivery. */
	public void register(String type) {
		meters(type);
	}

	private Meters meters(String type) {
		return this.meters.computeIfAbsent(type, (name) -> new Meters(this.registry, name));
	}

	private static final class Meters {

		final Timer lag;

		final Counter delivered;

		final Counter failed;

		final Counter retried;

		final Counter leaseLost;

		final Counter skipped;

		final Timer pollDuration;

		final DistributionSummary claimSize;

		Meters(MeterRegistry registry, String type) {
			this.lag = Timer.builder("awty.delivery.lag")
				.description("Time from a row's due time to its publication")
				.tag("type", type)
				.publishPercentileHistogram()
				.minimumExpectedValue(Duration.ofMillis(1))
				.maximumExpectedValue(Duration.ofHours(1))
				.register(registry);
			this.delivered = Counter.builder("awty.delivered")
				.description("Rows published to their channel")
				.tag("type", type)
				.register(registry);
			this.failed = Counter.builder("awty.failed")
				.description("Rows that became FAILED after their last attempt")
				.tag("type", type)
				.register(registry);
			this.retried = Counter.builder("awty.retried")
				.description("Failed attempts that are tried again after a backoff")
				.tag("type", type)
				.register(registry);
			this.leaseLost = Counter.builder("awty.lease.lost")
				.description("Held rows lost because their lease ran out while this instance stalled")
				.tag("type", type)
				.register(registry);
			// Tagged by type only, like every other meter: a tag per schedule would be a series per schedule, and
			// there may be millions; the history entry names the schedule.
			this.skipped = Counter.builder("awty.skipped")
				.description("Recurring occurrences dropped by a misfire policy after an outage, never published")
				.tag("type", type)
				.register(registry);
			this.pollDuration = Timer.builder("awty.poll.duration")
				.description("Time a claim of due rows took")
				.tag("type", type)
				.register(registry);
			this.claimSize = DistributionSummary.builder("awty.claim.size")
				.description("Rows claimed by one claim")
				.baseUnit("rows")
				.tag("type", type)
				.register(registry);
		}

	}

}
