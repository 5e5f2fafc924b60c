package dev.awty.internal.delivery;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.stream.IntStream;

import dev.awty.ScheduledEntity;

/**
 * Delivers a batch that was claimed ahead of its rows' due times: rows already due at once, the others in
 * groups, each row no earlier than its due time by the database clock. A row's wait is its due time minus
 * the database's "now" of the claim, counted from the moment the claim returned, which is no earlier than
 * that "now": so a row can be late by the claim's round trip, never early.
 */
final class DueRelease {

	private DueRelease() {
	}

	/**
	 * @param items one per row of {@code batch}, in the same order
	 * @param deliver delivers a group of items and returns one result per item, in the group's order
	 * @return one result per item, in the order of {@code items}
	 */
	static <I, R> List<R> whenDue(ClaimedBatch<?> batch, List<I> items, Function<List<I>, List<R>> deliver) {
		Instant claimedAt = batch.databaseNow();
		List<? extends ScheduledEntity> rows = batch.rows();
		if (claimedAt == null || !batch.heldForDueTime()) {
			return deliver.apply(items);
		}
		long[] releaseAt = new long[rows.size()];
		for (int i = 0; i < releaseAt.length; i++) {
			Instant dueAt = rows.get(i).getDueAt();
			long wait = (dueAt != null) ? Math.max(0, Duration.between(claimedAt, dueAt).toNanos()) : 0;
			releaseAt[i] = batch.claimedAtNanos() + wait;
		}
		// Stable: rows due together keep the batch's order (by priority, or by due time and id).
		int[] order = IntStream.range(0, releaseAt.length)
			.boxed()
			.sorted(Comparator.comparingLong((Integer i) -> releaseAt[i] - batch.claimedAtNanos()))
			.mapToInt(Integer::intValue)
			.toArray();
		List<R> results = new ArrayList<>(Collections.nCopies(order.length, null));
		int next = 0;
		while (next < order.length) {
			waitUntil(releaseAt[order[next]]);
			long now = System.nanoTime();
			int end = next;
			List<I> group = new ArrayList<>();
			while (end < order.length && releaseAt[order[end]] - now <= 0) {
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
