package dev.awty.test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The system clock plus the test clock's offset; every zone view of it ({@link #withZone}) moves with it.
 */
final class MovableClock extends Clock {

	private final Clock system;

	private final AtomicLong offsetMillis;

	MovableClock(Clock system) {
		this(system, new AtomicLong());
	}

	private MovableClock(Clock system, AtomicLong offsetMillis) {
		this.system = system;
		this.offsetMillis = offsetMillis;
	}

	void setOffset(Duration offset) {
		this.offsetMillis.set(offset.toMillis());
	}

	Duration offset() {
		return Duration.ofMillis(this.offsetMillis.get());
	}

	@Override
	public ZoneId getZone() {
		return this.system.getZone();
	}

	@Override
	public Clock withZone(ZoneId zone) {
		return zone.equals(getZone()) ? this : new MovableClock(this.system.withZone(zone), this.offsetMillis);
	}

	@Override
	public Instant instant() {
		return this.system.instant().plusMillis(this.offsetMillis.get());
	}

	@Override
	public long millis() {
		return this.system.millis() + this.offsetMillis.get();
	}

	@Override
	public String toString() {
		return "awty test clock: " + this.system + " moved by " + offset();
	}

}
