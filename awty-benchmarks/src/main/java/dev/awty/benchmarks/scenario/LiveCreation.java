package dev.awty.benchmarks.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.jspecify.annotations.Nullable;

import dev.awty.recurring.RecurringSchedules;
import dev.awty.recurring.ScheduleDefinition;

/**
 * Creates schedules through {@code createAll} at a steady rate while the recurring scenario measures lag, as a
 * service keeps signing up tenants while its schedules fire: one batch a second, at a random moment of it, each of
 * the rate's share of that second. The schedules fire daily at 02:00, so they add rows to the claim index without adding occurrences to
 * the measured window.
 */
final class LiveCreation implements AutoCloseable {

	private final RecurringSchedules schedules;

	private final int perMinute;

	private final String prefix;

	private final Thread thread;

	private final AtomicReference<@Nullable RuntimeException> failure = new AtomicReference<>();

	private volatile boolean running = true;

	private volatile int created;

	private volatile int seconds;

	private final long startedNanos = System.nanoTime();

	private volatile long lastBatchNanos = this.startedNanos;

	private LiveCreation(RecurringSchedules schedules, int perMinute, String prefix) {
		this.schedules = schedules;
		this.perMinute = perMinute;
		this.prefix = prefix;
		this.thread = new Thread(this::run, "bench-live-creation");
		this.thread.setDaemon(true);
	}

	static LiveCreation start(RecurringSchedules schedules, int perMinute, String prefix) {
		LiveCreation creation = new LiveCreation(schedules, perMinute, prefix);
		creation.thread.start();
		return creation;
	}

	private void run() {
		long next = System.nanoTime();
		try {
			for (long second = 1; this.running; second++) {
				// At a random moment of the second: created at the same moment of every second, the batches either met
				// every burst of occurrences or none, and the lag while creating depended on when the thread started.
				sleepUntil(next + ThreadLocalRandom.current().nextLong(TimeUnit.SECONDS.toNanos(1)));
				// at least the rate: 84 a second for 5,000 a minute
				int due = (this.perMinute + 59) / 60;
				List<ScheduleDefinition> batch = new ArrayList<>(due);
				for (int i = 0; i < due; i++) {
					batch.add(ScheduleDefinition.of(this.prefix + (this.created + i), "0 2 * * *")
						.withTimeZone("Europe/Berlin")
						.withPayload("{\"tenant\":\"" + this.prefix + (this.created + i) + "\"}"));
				}
				if (!batch.isEmpty()) {
					this.schedules.createAll(batch);
					this.created += batch.size();
				}
				this.seconds = (int) second;
				this.lastBatchNanos = System.nanoTime();
				next += TimeUnit.SECONDS.toNanos(1);
				sleepUntil(next);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (RuntimeException ex) {
			this.failure.set(ex);
		}
	}

	private static void sleepUntil(long nanoTime) throws InterruptedException {
		long sleep = nanoTime - System.nanoTime();
		if (sleep > 0) {
			TimeUnit.NANOSECONDS.sleep(sleep);
		}
	}

	/**
	 * Schedules created per minute: a second's share of the rate asked for, rounded up, times 60 while each second's
	 * batch was created within its second; less when the batches took longer than the seconds they were meant for.
	 */
	double perMinute() {
		double elapsedSeconds = (this.lastBatchNanos - this.startedNanos) / 1e9;
		return (this.seconds == 0) ? 0 : this.created * 60.0 / Math.max(this.seconds, elapsedSeconds);
	}

	int created() {
		return this.created;
	}

	@Override
	public void close() {
		this.running = false;
		try {
			this.thread.join(60_000);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		RuntimeException failed = this.failure.get();
		if (failed != null) {
			throw new IllegalStateException("creating schedules while they fire failed after " + this.created, failed);
		}
	}

}
