package dev.awty.internal.outcome;

import java.util.List;
import java.util.function.Supplier;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.DataAccessException;
import org.springframework.transaction.support.TransactionOperations;

/**
 * What a batch's outcomes become when their combined write fails for a reason that trying again does not cure
 * (a value the column refuses, a missing history partition, a constraint of the application's): the finished
 * rows are marked on their own, so that they are not published again when their lease runs out, and every
 * other outcome is written on its own, as far as it goes. The batch's history entries are not written.
 */
final class OutcomeFallback {

	private static final Log logger = LogFactory.getLog(OutcomeFallback.class);

	private OutcomeFallback() {
	}

	/**
	 * @param markFinished marks (or deletes) the finished rows, returning how many; its failure is thrown
	 * @param others the other outcomes' writes, each run in its own transaction; a failure is logged and leaves
	 * its rows to be claimed again once their lease runs out
	 * @return how many finished rows were marked
	 */
	static int writeSeparately(TransactionOperations transaction, String typeName, DataAccessException cause,
			Supplier<Integer> markFinished, List<Runnable> others) {
		logger.warn("awty: the outcomes of a batch of type '" + typeName + "' could not be written together ("
				+ NestedExceptionUtils.getMostSpecificCause(cause).getMessage()
				+ "); writing each on its own, without the batch's history entries");
		Integer marked = transaction.execute((status) -> markFinished.get());
		for (Runnable other : others) {
			try {
				transaction.executeWithoutResult((status) -> other.run());
			}
			catch (DataAccessException ex) {
				logger.warn("awty: an outcome of type '" + typeName + "' could not be written ("
						+ NestedExceptionUtils.getMostSpecificCause(ex).getMessage()
						+ "); its rows are claimed again once their lease runs out");
			}
		}
		return (marked != null) ? marked : 0;
	}

}
