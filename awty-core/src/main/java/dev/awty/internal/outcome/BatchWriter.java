package dev.awty.internal.outcome;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

import org.springframework.dao.DataAccessException;
import org.springframework.transaction.support.TransactionOperations;

import dev.awty.ScheduledEntity;
import dev.awty.internal.history.DeliveryLogWriter;
import dev.awty.internal.support.WriteRetry;

/**
 * Writes what became of a batch's rows (or of several batches' rows, handed over together by the
 * {@link OutcomeQueue}): marks (or deletes) the finished ones in one statement, then records
 * failed attempts, check-agains and guard failures in batched statements ({@link OutcomeStatements}), and the
 * {@link HistoryEntries} in one more; all in one transaction of awty's own, so a history entry exists exactly when
 * its status change does. A database blip is retried; when the write fails for a reason that trying again does not
 * cure, the finished rows are still marked ({@link OutcomeFallback}). The {@link OutcomeReport} counts and logs.
 */
public final class BatchWriter<T extends ScheduledEntity> {

	private final String typeName;

	private final OutcomeStatements<T> statements;

	private final DeliveryLogWriter log;

	private final TransactionOperations transaction;

	private final Supplier<HistoryEntries> history;

	private final OutcomeReport report;

	/** How long a write is tried again: the type's lease, past which its rows may be claimed by someone else. */
	private final long retryNanos;

	/**
	 * @param history a new, empty collection of history entries for each write
	 * @param lease the type's lease: no attempt of a write starts later than this after its first
	 */
	BatchWriter(String typeName, OutcomeStatements<T> statements, DeliveryLogWriter log,
			TransactionOperations transaction, Supplier<HistoryEntries> history, OutcomeReport report, Duration lease) {
		this.retryNanos = lease.toNanos();
		this.typeName = typeName;
		this.statements = statements;
		this.log = log;
		this.transaction = transaction;
		this.history = history;
		this.report = report;
	}

	/**
	 * Writes the outcomes of several claims in one transaction: per claim one mark statement (fenced by that claim)
	 * and the batched statements of its other outcomes, then one history batch for all. When the database refuses it
	 * for good, each claim's outcomes are written on their own, so that one claim's refused outcome does not hold the
	 * others' marks.
	 * @param byClaim results by the claim token that holds their rows; empty: nothing is written, no transaction opened
	 * @throws ClaimsNotWritten when some claims' outcomes could not be written on their own (the others were)
	 * @throws RuntimeException when none could be written
	 */
	void write(Map<String, List<RowResult<T>>> byClaim) {
		if (byClaim.size() <= 1) {
			byClaim.forEach(this::write);
			return;
		}
		Map<String, SortedOutcomes<T>> sorted = new LinkedHashMap<>();
		byClaim.forEach((claimer, results) -> sorted.put(claimer, SortedOutcomes.of(results)));
		Map<String, Integer> marked = new HashMap<>();
		AtomicInteger attempts = new AtomicInteger();
		try {
			WriteRetry.write("type '" + this.typeName + "'", this.retryNanos, () -> this.transaction.execute((status) -> {
				boolean retry = attempts.incrementAndGet() > 1;
				marked.clear();
				HistoryEntries entries = this.history.get();
				sorted.forEach((claimer, outcomes) -> marked.put(claimer, writeTogether(entries, outcomes, claimer, retry)));
				this.log.write(entries.entries());
				return 0;
			}));
		}
		catch (DataAccessException ex) {
			if (!WriteRetry.isPermanent(ex)) {
				throw ex;
			}
			writeEach(byClaim);
			return;
		}
		sorted.forEach((claimer, outcomes) -> this.report.report(outcomes, marked.getOrDefault(claimer, 0)));
	}

	/** Each claim's outcomes on their own: one that cannot be written does not keep the others from being written. */
	private void writeEach(Map<String, List<RowResult<T>>> byClaim) {
		Set<String> unwritten = new LinkedHashSet<>();
		@Nullable RuntimeException first = null;
		for (Map.Entry<String, List<RowResult<T>>> claim : byClaim.entrySet()) {
			try {
				write(claim.getKey(), claim.getValue());
			}
			catch (RuntimeException ex) {
				unwritten.add(claim.getKey());
				first = (first != null) ? first : ex;
			}
		}
		if (first != null) {
			throw new ClaimsNotWritten(unwritten, first);
		}
	}

	void write(String claimer, List<RowResult<T>> results) {
		SortedOutcomes<T> outcomes = SortedOutcomes.of(results);
		AtomicInteger attempts = new AtomicInteger();
		int marked;
		try {
			marked = WriteRetry.write("type '" + this.typeName + "'", this.retryNanos,
					() -> this.transaction.execute((status) -> {
						boolean retry = attempts.incrementAndGet() > 1;
						HistoryEntries entries = this.history.get();
						int count = writeTogether(entries, outcomes, claimer, retry);
						this.log.write(entries.entries());
						return count;
					}));
		}
		catch (DataAccessException ex) {
			if (!WriteRetry.isPermanent(ex)) {
				throw ex;
			}
			marked = OutcomeFallback.writeSeparately(this.transaction, this.typeName, ex,
					() -> this.statements.finish(outcomes.finishedIds(), claimer), separately(outcomes, claimer));
		}
		this.report.report(outcomes, marked);
	}

	/**
	 * Writes a batch's outcomes once, in the caller's transaction (a batch held by row locks): a statement that failed
	 * aborted it, so nothing is tried again here, and the batch's rows go back to pending when it rolls back.
	 * @return counts and logs what was written; run it once the transaction has committed
	 */
	public Runnable writeHeld(String claimer, List<RowResult<T>> results) {
		SortedOutcomes<T> outcomes = SortedOutcomes.of(results);
		HistoryEntries entries = this.history.get();
		int marked = writeTogether(entries, outcomes, claimer, false);
		this.log.write(entries.entries());
		return () -> this.report.report(outcomes, marked);
	}

	/**
	 * Writes each outcome on its own, each in a transaction of awty's own, after the database refused a batch's
	 * outcomes for good in the batch's transaction (a history entry it will never take): the published rows are still
	 * marked, so they are not published again and again, and the history entries are dropped ({@link OutcomeFallback}).
	 */
	public void writeSeparately(String claimer, List<RowResult<T>> results, DataAccessException refused) {
		SortedOutcomes<T> outcomes = SortedOutcomes.of(results);
		int marked = OutcomeFallback.writeSeparately(this.transaction, this.typeName, refused,
				() -> this.statements.finish(outcomes.finishedIds(), claimer), separately(outcomes, claimer));
		this.report.report(outcomes, marked);
	}

	/**
	 * @param retry whether an earlier attempt failed: its commit may have reached the database all the same (the
	 * connection was lost before the answer), and then its finished rows are finished by this claim already, and the
	 * history and other outcomes written with them; writing them again would record each row twice and count every
	 * row as a fence miss. A retry whose batch finishes no row cannot tell, and writes its other outcomes again.
	 * @return how many finished rows were marked; their history entries and the others' are added to {@code entries}
	 */
	private int writeTogether(HistoryEntries entries, SortedOutcomes<T> outcomes, String claimer, boolean retry) {
		if (retry) {
			int committed = this.statements.finishedBy(outcomes.finishedIds(), claimer).size();
			if (committed > 0) {
				return committed;
			}
		}
		int count = this.statements.finish(outcomes.finishedIds(), claimer);
		entries.finished(this.statements.confirmFinished(outcomes.finished(), count, claimer));
		entries.failed(this.statements.recordFailures(outcomes.failed(), claimer));
		this.statements.checkAgain(outcomes.checkAgain(), claimer);
		entries.stopped(this.statements.failByGuard(outcomes.stopped(), claimer));
		return count;
	}

	/** Every outcome but the finished ones, each as a write of its own. */
	private List<Runnable> separately(SortedOutcomes<T> outcomes, String claimer) {
		List<Runnable> writes = new ArrayList<>();
		for (RowResult<T> result : outcomes.failed()) {
			writes.add(() -> this.statements.recordFailures(List.of(result), claimer));
		}
		if (!outcomes.checkAgain().isEmpty()) {
			writes.add(() -> this.statements.checkAgain(outcomes.checkAgain(), claimer));
		}
		for (RowResult<T> result : outcomes.stopped()) {
			writes.add(() -> this.statements.failByGuard(List.of(result), claimer));
		}
		return writes;
	}

	/** The outcomes of some claims of a write could not be written; the other claims' were. */
	static final class ClaimsNotWritten extends RuntimeException {

		private final Set<String> claimers;

		ClaimsNotWritten(Set<String> claimers, RuntimeException cause) {
			super(cause.getMessage(), cause);
			this.claimers = Set.copyOf(claimers);
		}

		/** The claim tokens whose outcomes were not written. */
		Set<String> claimers() {
			return this.claimers;
		}

	}

}
