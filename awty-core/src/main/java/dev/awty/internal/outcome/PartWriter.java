package dev.awty.internal.outcome;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.ScheduledEntity;
import dev.awty.internal.pipeline.kit.DeliveryCounters;
import dev.awty.internal.support.ErrorText;

/**
 * Writes the parts the {@link OutcomeQueue} took together, through the {@link BatchWriter}, and settles each part
 * whether written or not: its callback runs and its rows go back to its worker's budget. The parts of a claim whose
 * write failed for good tell their workers, and their published rows are counted as possible duplicates. Logs under
 * {@code OutcomeQueue}'s category, which operators already know.
 */
final class PartWriter<T extends ScheduledEntity> {

	private static final Log logger = LogFactory.getLog(OutcomeQueue.class);

	private final String typeName;

	private final BatchWriter<T> writer;

	private final DeliveryCounters counters;

	PartWriter(String typeName, BatchWriter<T> writer, DeliveryCounters counters) {
		this.typeName = typeName;
		this.writer = writer;
		this.counters = counters;
	}

	/**
	 * The outcomes of one published part, handed over by its worker.
	 * @param written run once the part's write committed or failed: lets its rows go from the heartbeat
	 */
	record Part<T extends ScheduledEntity>(String claimer, List<RowResult<T>> results, WorkerBudget budget,
			int reserved, Runnable written) {
	}

	/** Writes {@code parts} together, one mark statement per claim; never throws what the write threw. */
	void write(List<Part<T>> parts) {
		if (parts.isEmpty()) {
			return;
		}
		Map<String, List<RowResult<T>>> byClaim = new LinkedHashMap<>();
		for (Part<T> part : parts) {
			byClaim.computeIfAbsent(part.claimer(), (claimer) -> new ArrayList<>()).addAll(part.results());
		}
		try {
			this.writer.write(byClaim);
		}
		catch (Throwable ex) {
			Set<String> unwritten = (ex instanceof BatchWriter.ClaimsNotWritten some) ? some.claimers() : byClaim.keySet();
			failed(parts.stream().filter((part) -> unwritten.contains(part.claimer())).toList(), ex);
		}
		finally {
			for (Part<T> part : parts) {
				try {
					part.written().run();
				}
				finally {
					part.budget().release(part.reserved());
				}
			}
		}
	}

	private void failed(List<Part<T>> failed, Throwable cause) {
		// Told before the budget is given back, so that the worker waiting for it learns of the failure.
		failed.forEach((part) -> part.budget().failed());
		long finished = failed.stream().flatMap((part) -> part.results().stream()).filter(RowResult::finishes).count();
		this.counters.fenceMisses(finished);
		logger.warn("awty: the outcomes of " + failed.stream().mapToInt((part) -> part.results().size()).sum()
				+ " row(s) of type '" + this.typeName + "' could not be written (" + ErrorText.of(cause)
				+ "); they are claimed again once their lease runs out, and " + finished
				+ " published row(s) among them may be delivered twice");
	}

}
