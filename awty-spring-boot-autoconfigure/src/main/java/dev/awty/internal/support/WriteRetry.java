package dev.awty.internal.support;

import java.util.function.Supplier;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.NonTransientDataAccessException;

/**
 * Tries the write of a batch's outcomes again, a few times within about three seconds, when it failed for a reason
 * that passes: a lost connection, a deadlock with the application's own statements, a serialization failure.
 * Giving up sooner would leave published rows to be published again once their lease runs out.
 */
public final class WriteRetry {

	private static final Log logger = LogFactory.getLog(WriteRetry.class);

	private static final int ATTEMPTS = 4;

	private WriteRetry() {
	}

	/** Whether {@code failure} would fail again however often the write were tried: not a lost connection. */
	public static boolean isPermanent(DataAccessException failure) {
		return failure instanceof NonTransientDataAccessException
				&& !(failure instanceof DataAccessResourceFailureException);
	}

	/**
	 * @param what names the outcomes in the log line, e.g. {@code type 'purchase'}
	 * @return what {@code write} returned, 0 for {@code null}
	 * @throws DataAccessException the last failure, or the first permanent one
	 */
	public static int write(String what, Supplier<Integer> write) {
		for (int attempt = 1;; attempt++) {
			try {
				Integer result = write.get();
				return (result != null) ? result : 0;
			}
			catch (DataAccessException ex) {
				if (attempt == ATTEMPTS || isPermanent(ex)) {
					throw ex;
				}
				logger.warn("awty: could not write outcomes of " + what + " ("
						+ NestedExceptionUtils.getMostSpecificCause(ex).getMessage() + "); trying again");
				sleep(250L * attempt * attempt);
			}
		}
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
