package dev.awty.internal.pipeline;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What a {@link PollLoop} claims from and delivers: the rows of one event type (with or without a handler), or
 * the recurring schedules. The loop decides when to claim and under which lock; the source claims, delivers and
 * writes outcomes.
 *
 * @param <B> a batch of claimed rows
 */
public interface PollSource<B extends PollSource.Batch> {

	/**
	 * Claims up to the batch size of due rows (or rows due within the claim-ahead), or fewer for rows slow to deliver.
	 * @return the claimed rows; fewer than the batch size, or than the batch's {@link Batch#limit()}, means nothing
	 * more is due now
	 */
	B claim();

	/** Gives the rows of a claimed batch back unpublished, so that any instance can claim them at once. */
	void release(B batch);

	/** Delivers a claimed batch and writes its outcomes; runs on a worker thread, never throws for one row. */
	void process(B batch);

	/**
	 * Divides a claimed batch among up to {@code workers} idle workers, so that rows due together are not worked
	 * through by one worker while the others wait. Returns the batch itself when it is not worth dividing.
	 */
	default List<B> split(B batch, int workers) {
		return List.of(batch);
	}

	/** Whether concurrent claims skip each other's rows; when not, claims take turns under the source's lock. */
	boolean claimsSkipLockedRows();

	/**
	 * Whether several claims of this source may run at once on one instance, each on a worker, while a backlog is
	 * drained (in leader mode, on the leader): its claims skip each other's rows, take no turns, and may be made on
	 * any thread.
	 */
	default boolean claimsConcurrently() {
		return false;
	}

	/**
	 * How long the loop sleeps after a cycle that claimed everything due, unless woken earlier. The loop asks only
	 * when it has no run planned within the claim-ahead, so a source may run a statement here to find out.
	 * @param pollInterval the longest sleep
	 */
	default Duration idleDelay(Duration pollInterval) {
		return pollInterval;
	}

	/**
	 * A cycle starts: for a due time the loop was told about, or because the poll interval passed, when rows written
	 * without telling awty (by SQL, by another instance that sends no notification) are looked for.
	 */
	default void cycleStarting(boolean forDueTime) {
	}

	/**
	 * A row due at {@code dueAt} was scheduled, on this instance or (by its notification) another, before the loop is
	 * woken for it: a source that skips rows due before some time looks at them again if this one is.
	 */
	default void rowDue(Instant dueAt) {
	}

	/** Checks what must exist before the first claim (such as the channel); throws when it does not. */
	default void verify() {
	}

	/**
	 * Waits until the outcomes of the batches already processed are written, or until {@code deadlineNanos}: called
	 * when the loop stops, once its workers are idle, for a source that writes outcomes behind its workers.
	 */
	default void awaitWritten(long deadlineNanos) {
	}

	/**
	 * Stops what runs beside the loop (such as a handler's threads), once it is stopped for good.
	 * @param deadlineNanos {@link System#nanoTime()} by which to be done, shared by every source: a source does not
	 * add a wait of its own to the others'
	 */
	default void shutdown(long deadlineNanos) {
	}

	/** Rows claimed together. */
	interface Batch {

		/** How many rows were claimed. */
		int size();

		/**
		 * The most rows the claim could have taken, when the source took fewer than the batch size (rows slow to
		 * deliver): fewer than this means nothing more is due now.
		 */
		default int limit() {
			return Integer.MAX_VALUE;
		}

	}

}
