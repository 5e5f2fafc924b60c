package dev.awty.internal.metrics;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import dev.awty.internal.observe.BacklogMonitor;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The meters an operator reads on a dashboard: named and tagged by type, at zero before the first delivery, and
 * counting what the pollers report.
 */
class MicrometerDeliveryObserverTests {

	private final MeterRegistry registry = new SimpleMeterRegistry();

	private final MicrometerDeliveryObserver observer = new MicrometerDeliveryObserver(this.registry);

	@Test
	void aRegisteredTypeShowsEveryMeterAtZeroBeforeItsFirstDelivery() {
		this.observer.register("purchase");

		assertThat(this.registry.find("awty.delivered").tag("type", "purchase").counter().count()).isZero();
		assertThat(this.registry.find("awty.failed").tag("type", "purchase").counter().count()).isZero();
		assertThat(this.registry.find("awty.retried").tag("type", "purchase").counter().count()).isZero();
		assertThat(this.registry.find("awty.lease.lost").tag("type", "purchase").counter().count()).isZero();
		assertThat(this.registry.find("awty.skipped").tag("type", "purchase").counter().count()).isZero();
		assertThat(this.registry.find("awty.delivery.lag").tag("type", "purchase").timer().count()).isZero();
		assertThat(this.registry.find("awty.poll.duration").tag("type", "purchase").timer().count()).isZero();
		assertThat(this.registry.find("awty.claim.size").tag("type", "purchase").summary().count()).isZero();
	}

	@Test
	void eachTypeCountsItsOwnDeliveriesFailuresAndRetries() {
		this.observer.published("purchase", Duration.ofMillis(40));
		this.observer.published("purchase", Duration.ofMillis(60));
		this.observer.published("invoice", Duration.ofMillis(5));
		this.observer.failedAttempt("purchase", true);
		this.observer.failedAttempt("purchase", false);
		this.observer.leaseLost("purchase", 3);
		this.observer.skipped("invoice", 2);

		assertThat(this.registry.get("awty.delivered").tag("type", "purchase").counter().count()).isEqualTo(2);
		assertThat(this.registry.get("awty.delivered").tag("type", "invoice").counter().count()).isEqualTo(1);
		assertThat(this.registry.get("awty.retried").tag("type", "purchase").counter().count()).isEqualTo(1);
		assertThat(this.registry.get("awty.failed").tag("type", "purchase").counter().count()).isEqualTo(1);
		assertThat(this.registry.get("awty.lease.lost").tag("type", "purchase").counter().count()).isEqualTo(3);
		assertThat(this.registry.get("awty.skipped").tag("type", "invoice").counter().count()).isEqualTo(2);
		Timer lag = this.registry.get("awty.delivery.lag").tag("type", "purchase").timer();
		assertThat(lag.count()).isEqualTo(2);
		assertThat(lag.max(TimeUnit.MILLISECONDS)).isEqualTo(60);
		assertThat(lag.totalTime(TimeUnit.MILLISECONDS)).isEqualTo(100);
	}

	@Test
	void aClaimRecordsItsDurationAndItsSizeInRows() {
		this.observer.claimed("purchase", 250, TimeUnit.MILLISECONDS.toNanos(12));
		this.observer.claimed("purchase", 50, TimeUnit.MILLISECONDS.toNanos(8));

		Timer duration = this.registry.get("awty.poll.duration").tag("type", "purchase").timer();
		assertThat(duration.count()).isEqualTo(2);
		assertThat(duration.totalTime(TimeUnit.MILLISECONDS)).isEqualTo(20);
		assertThat(this.registry.get("awty.claim.size").tag("type", "purchase").summary().totalAmount())
			.isEqualTo(300);
		assertThat(this.registry.get("awty.claim.size").tag("type", "purchase").summary().getId().getBaseUnit())
			.isEqualTo("rows");
	}

	@Test
	void thePauseGaugeFollowsTheOperatorsPausesWithoutBeingHeldElsewhere() {
		Set<String> paused = new HashSet<>();
		PauseMeters.register(this.registry, () -> paused, "purchase");
		System.gc();

		assertThat(this.registry.get("awty.paused").tag("type", "purchase").gauge().value()).isZero();
		paused.add("purchase");
		assertThat(this.registry.get("awty.paused").tag("type", "purchase").gauge().value()).isEqualTo(1);
		paused.remove("purchase");
		assertThat(this.registry.get("awty.paused").tag("type", "purchase").gauge().value()).isZero();
	}

	@Test
	void aBacklogGaugeOfATypeNotReadYetShowsNotANumberRatherThanZero() {
		BacklogMeters.register(this.registry, new BacklogMonitor(Duration.ofSeconds(10)), "purchase");

		assertThat(this.registry.get("awty.pending").tag("type", "purchase").gauge().value()).isNaN();
		assertThat(this.registry.get("awty.overdue").tag("type", "purchase").gauge().value()).isNaN();
		assertThat(this.registry.get("awty.overdue.oldest").tag("type", "purchase").timeGauge().value()).isNaN();
	}

}
