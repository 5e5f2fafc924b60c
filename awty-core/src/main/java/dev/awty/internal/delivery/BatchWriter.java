package dev.awty.internal.delivery;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

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
final class BatchWriter<T extends ScheduledEntity> {

	private final String typeName;

	private final OutcomeStatements<T> statements;

	private final DeliveryLogWriter log;

	private final TransactionOperations transaction;

	private final Supplier<HistoryEntries> history;

	private final OutcomeReport report;

	/** @param history a new, empty collection of history entries for each write */
	BatchWriter(String typeName, OutcomeStatements<T> statements, DeliveryLogWriter log,
			TransactionOperations transaction, Supplier<HistoryEntries> history, OutcomeReport report) {
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
	 * @param byClaim results by the claim token that holds their rows
	 */
	void write(Map<String, List<RowResult<T>>> byClaim) {
		if (byClaim.size() == 1) {
			byClaim.forEach(this::write);
			return;
		}
		Map<String, SortedOutcomes<T>> sorted = new LinkedHashMap<>();
		byClaim.forEach((claimer, results) -> sorted.put(claimer, SortedOutcomes.of(results)));
		Map<String, Integer> marked = new HashMap<>();
		try {
			WriteRetry.write("type '" + this.typeName + "'", () -> this.transaction.execute((status) -> {
				marked.clear();
				HistoryEntries entries = this.history.get();
				sorted.forEach((claimer, outcomes) -> marked.put(claimer, writeTogether(entries, outcomes, claimer)));
				this.log.write(entries.entries());
				return 0;
			}));
		}
		catch (DataAccessException ex) {
			if (!WriteRetry.isPermanent(ex)) {
				throw ex;
			}
			byClaim.forEach(this::write);
			return;
		}
		sorted.forEach((claimer, outcomes) -> this.report.report(outcomes, marked.getOrDefault(claimer, 0)));
	}

	void write(String claimer, List<RowResult<T>> results) {
		SortedOutcomes<T> outcomes = SortedOutcomes.of(results);
		int marked;
		try {
			marked = WriteRetry.write("type '" + this.typeName + "'",
					() -> this.transaction.execute((status) -> {
						HistoryEntries entries = this.history.get();
						int count = writeTogether(entries, outcomes, claimer);
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

	/** @return how many finished rows were marked; their history entries and the others' are added to {@code entries} */
	private int writeTogether(HistoryEntries entries, SortedOutcomes<T> outcomes, String claimer) {
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

}
