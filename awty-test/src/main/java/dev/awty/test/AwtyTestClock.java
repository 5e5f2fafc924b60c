package dev.awty.test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import dev.awty.spi.PollerWakeUps;

/**
 * The movable clock of a test: moves the application's {@link Clock} (the {@code @Primary} one the kit provides)
 * and awty's notion of the database's "now" forward together, wakes awty's pollers, and waits until what became due
 * has gone through the real delivery pipeline.
 * <pre class="code">
 * &#64;Autowired AwtyTestClock time;
 *
 * shop.purchase(album);                         // schedules the reminder three days ahead
 * time.advanceAndDeliver(Duration.ofDays(3));   // due now: delivered through awty's pollers
 * assertThat(mailbox.reminders()).hasSize(1);
 * </pre>
 * Time only moves forward, and it is shared: every context of the test suite on the same database sees the same
 * "now". Active only in tests ({@code @SpringBootTest}) with {@code awty-test} on the class path.
 */
public final class AwtyTestClock {

	/** How long {@link #awaitDelivered()} waits. */
	public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration RECHECK = Duration.ofMillis(50);

	private final MovableClock clock;

	private final ClockOffset offset;

	private final PollerWakeUps wakeUps;

	private final DueWork dueWork;

	AwtyTestClock(MovableClock clock, ClockOffset offset, PollerWakeUps wakeUps, DueWork dueWork) {
		this.clock = clock;
		this.offset = offset;
		this.wakeUps = wakeUps;
		this.dueWork = dueWork;
	}

	/** The application's clock, moved with this one: the same as the {@code @Primary} {@link Clock} bean. */
	public Clock clock() {
		return this.clock;
	}

	/** The moved "now". */
	public Instant now() {
		return this.clock.instant();
	}

	/** How far this clock has been moved ahead of the real one since the database's first test context. */
	public Duration offset() {
		return this.clock.offset();
	}

	/**
	 * Moves time forward by {@code duration}, for the application's {@link Clock} and awty's database "now" together,
	 * and wakes awty's pollers, which then deliver what became due in the background.
	 * @throws IllegalArgumentException if {@code duration} is null or negative
	 */
	public synchronized void advance(Duration duration) {
		if (duration == null) {
			throw new IllegalArgumentException("advance(null): give how far to move the clock, e.g. Duration.ofDays(3)");
		}
		if (duration.isNegative()) {
			throw new IllegalArgumentException("advance(" + duration + ") would move awty's test clock back: it only "
					+ "moves forward, since what was delivered by the later time cannot be undone. Give a positive "
					+ "duration, or start the test with its own database (a fresh application context) to begin again "
					+ "from the real time.");
		}
		// the database first: a poller woken by a clock read in between would find nothing due yet, and look again
		this.clock.setOffset(this.offset.add(duration));
		this.wakeUps.wakeAll();
	}

	/** {@link #advance(Duration)}, then {@link #awaitDelivered()}. */
	public void advanceAndDeliver(Duration duration) {
		advance(duration);
		awaitDelivered();
	}

	/** {@link #awaitDelivered(Duration)} for {@link #DEFAULT_TIMEOUT}. */
	public void awaitDelivered() {
		awaitDelivered(DEFAULT_TIMEOUT);
	}

	/**
	 * Waits until nothing is due by the moved "now": no {@code PENDING} row of any event type due by then, no
	 * enabled recurring schedule with an occurrence by then. A row whose delivery failed and waits for its retry is
	 * due later, and so no longer waited for.
	 * @throws IllegalArgumentException if {@code timeout} is null, zero or negative
	 * @throws AssertionError naming what is still due when {@code timeout} passes first
	 */
	public void awaitDelivered(Duration timeout) {
		if (timeout == null || timeout.isNegative() || timeout.isZero()) {
			throw new IllegalArgumentException("awaitDelivered(" + timeout + "): give a positive timeout, e.g. "
					+ "Duration.ofSeconds(30)");
		}
		long deadline = System.nanoTime() + timeout.toNanos();
		List<String> due = this.dueWork.stillDue();
		while (!due.isEmpty()) {
			if (System.nanoTime() - deadline > 0) {
				throw new AssertionError("awty: still due at " + now() + " after waiting " + timeout + ": "
						+ String.join("; ", due) + ". Is a consumer subscribed to the type's channel (or the "
						+ "recurring channel), awty.enabled not false, and its handler not failing?");
			}
			sleep();
			due = this.dueWork.stillDue();
		}
	}

	private static void sleep() {
		try {
			Thread.sleep(RECHECK.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for awty to deliver", ex);
		}
	}

	@Override
	public String toString() {
		return this.clock.toString();
	}

}
