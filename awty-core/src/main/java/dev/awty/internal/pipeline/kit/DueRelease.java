package dev.awty.internal.pipeline.kit;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.stream.IntStream;

import org.jspecify.annotations.Nullable;

/**
 * Delivers a batch that was claimed ahead of its items' due times: items already due at once, the others in
 * groups, each item no earlier than its due time by the database clock. An item's wait is its due time minus
 * the database's "now" of the claim, counted from the moment the claim returned, which is no earlier than
 * that "now": so an item can be late by the claim's round trip, never early.
 */
public final class DueRelease {

	private DueRelease() {
	}

	/**
	 * @param databaseNow the database's clock as the claim saw it; {@code null} when unknown, which delivers at once
	 * @param claimedAtNanos {@link System#nanoTime()} once the claim returned
	 * @param dueTimes one per item, in the same order; {@code null} for an item due at once
	 * @param deliver delivers a group of items and returns one result per item, in the group's order
	 * @return one result per item, in the order of {@code items}
	 */
	public static <I, R> List<R> whenDue(@Nullable Instant databaseNow, long claimedAtNanos,
			List<@Nullable Instant> dueTimes, List<I> items, Function<List<I>, List<R>> deliver) {
		if (databaseNow == null || dueTimes.stream().noneMatch((due) -> due != null && due.isAfter(databaseNow))) {
			return deliver.apply(items);
		}
		long[] waits = new long[dueTimes.size()];
		for (int i = 0; i < waits.length; i++) {
			Instant dueAt = dueTimes.get(i);
			waits[i] = (dueAt != null) ? Math.max(0, Duration.between(databaseNow, dueAt).toNanos()) : 0;
		}
		// Stable: items due together keep the batch's order (by priority, or by due time and id).
		int[] order = IntStream.range(0, waits.length)
			.boxed()
			.sorted(Comparator.comparingLong((Integer i) -> waits[i]))
			.mapToInt(Integer::intValue)
			.toArray();
		List<R> results = new ArrayList<>(Collections.nCopies(order.length, null));
		int next = 0;
		while (next < order.length) {
			waitUntil(claimedAtNanos + waits[order[next]]);
			long now = System.nanoTime();
			int end = next;
			List<I> group = new ArrayList<>();
			while (end < order.length && claimedAtNanos + waits[order[end]] - now <= 0) {
				group.add(items.get(order[end++]));
			}
			List<R> delivered = deliver.apply(group);
			for (int i = next; i < end; i++) {
				results.set(order[i], delivered.get(i - next));
			}
			next = end;
		}
		return results;
	}

	/** Waits until {@code nanoTime}; an interrupt does not cut the wait short, which is at most the claim-ahead. */
	private static void waitUntil(long nanoTime) {
		boolean interrupted = false;
		long wait;
		while ((wait = nanoTime - System.nanoTime()) > 0) {
			LockSupport.parkNanos(wait);
			interrupted |= Thread.interrupted();
		}
		if (interrupted) {
			Thread.currentThread().interrupt();
		}
	}

}
