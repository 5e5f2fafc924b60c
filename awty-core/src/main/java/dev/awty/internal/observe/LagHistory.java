package dev.awty.internal.observe;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.awty.internal.pipeline.kit.DeliveryObserver;

/**
 * This instance's delivery lag over the last hour, per type and minute, kept in memory: a fixed bucket
 * histogram per minute, so a percentile is reported as the upper bound of its bucket (at most about 50 %
 * high), which is what a chart needs. Prometheus users get exact figures from the {@code awty.delivery.lag}
 * timer.
 */
public final class LagHistory implements DeliveryObserver {

	static final int MINUTES = 60;

	/** Upper bounds of the buckets in milliseconds; the last one holds everything longer. */
	static final long[] BOUNDS = { 1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 500, 750, 1_000, 1_500,
			2_000, 3_000, 5_000, 7_500, 10_000, 15_000, 20_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000,
			3_600_000, Long.MAX_VALUE };

	private final Map<String, Minute[]> types = new ConcurrentHashMap<>();

	private final Clock clock;

	public LagHistory(Clock clock) {
		this.clock = clock;
	}

	@Override
	public void published(String type, Duration lag) {
		long minute = currentMinute();
		Minute[] ring = this.types.computeIfAbsent(type, (name) -> new Minute[MINUTES]);
		int slot = (int) (minute % MINUTES);
		synchronized (ring) {
			Minute bucket = ring[slot];
			if (bucket == null || bucket.minute != minute) {
				bucket = new Minute(minute);
				ring[slot] = bucket;
			}
			bucket.add(lag.toMillis());
		}
	}

	/** One point per minute of the last hour in which {@code type} published rows, oldest first. */
	public List<LagPoint> lastHour(String type) {
		List<LagPoint> points = new ArrayList<>();
		Minute[] ring = this.types.get(type);
		if (ring == null) {
			return points;
		}
		long now = currentMinute();
		synchronized (ring) {
			for (long minute = now - MINUTES + 1; minute <= now; minute++) {
				Minute bucket = ring[(int) (minute % MINUTES)];
				if (bucket != null && bucket.minute == minute && bucket.count > 0) {
					points.add(new LagPoint(Instant.ofEpochSecond(minute * 60), bucket.count,
							percentile(bucket.counts, bucket.count, 0.99), bucket.maxMillis));
				}
			}
		}
		return points;
	}

	/** How many rows of {@code type} this instance published in the last hour. */
	public long countLastHour(String type) {
		return lastHour(type).stream().mapToLong(LagPoint::count).sum();
	}

	/** The 99th percentile of the whole last hour in milliseconds, or -1 when nothing was published. */
	public long p99LastHour(String type) {
		Minute[] ring = this.types.get(type);
		if (ring == null) {
			return -1;
		}
		long now = currentMinute();
		long[] merged = new long[BOUNDS.length];
		long total = 0;
		synchronized (ring) {
			for (Minute bucket : ring) {
				if (bucket != null && bucket.minute > now - MINUTES) {
					for (int i = 0; i < merged.length; i++) {
						merged[i] += bucket.counts[i];
					}
					total += bucket.count;
				}
			}
		}
		return (total == 0) ? -1 : percentile(merged, total, 0.99);
	}

	private long currentMinute() {
		return this.clock.millis() / 60_000;
	}

	private static long percentile(long[] counts, long total, double quantile) {
		long rank = (long) Math.ceil(total * quantile);
		long seen = 0;
		for (int i = 0; i < counts.length; i++) {
			seen += counts[i];
			if (seen >= rank) {
				return (i == counts.length - 1) ? BOUNDS[i - 1] : BOUNDS[i];
			}
		}
		return BOUNDS[BOUNDS.length - 2];
	}

	/**
	 * @param p99Millis upper bound of the bucket holding the minute's 99th percentile
	 */
	public record LagPoint(Instant minute, long count, long p99Millis, long maxMillis) {
	}

	private static final class Minute {

		final long minute;

		final long[] counts = new long[BOUNDS.length];

		long count;

		long maxMillis;

		Minute(long minute) {
			this.minute = minute;
		}

		void add(long millis) {
			int i = 0;
			while (millis > BOUNDS[i]) {
				i++;
			}
			this.counts[i]++;
			this.count++;
			this.maxMillis = Math.max(this.maxMillis, millis);
		}

	}

}
