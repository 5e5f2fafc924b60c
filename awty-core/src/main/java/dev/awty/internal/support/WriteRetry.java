package dev.awty.internal.support;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.NonTransientDataAccessException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionException;
import org.springframework.transaction.TransactionSystemException;

/**
 * Tries the write of a batch's outcomes again, a few times within about three seconds, when it failed for a reason
 * that passes: a lost connection (at any statement or at the commit), no connection to be had from the pool, a deadlock
 * with the application's own statements, a serialization failure.
 * Giving up sooner would leave published rows to be published again once their lease runs out.
 */
public final class WriteRetry {

	private static final Log logger = LogFactory.getLog(WriteRetry.class);

	private static final int ATTEMPTS = 4;

	/** PostgreSQL's SQLState for a session ended by the server or an administrator. */
	private static final String ADMIN_SHUTDOWN = "57P01";

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
	 * @throws TransactionException the last failure to begin or commit the transaction, or the first that does not pass
	 */
	public static int write(String what, Supplier<Integer> write) {
		return write(what, Long.MAX_VALUE, write);
	}

	/**
	 * As {@link #write(String, Supplier)}, without starting an attempt after {@code withinNanos} from now: past the
	 * lease of the rows written, another instance may have claimed them, and a later attempt only adds to the wait.
	 */
	public static int write(String what, long withinNanos, Supplier<Integer> write) {
		long started = System.nanoTime();
		for (int attempt = 1;; attempt++) {
			try {
				Integer result = write.get();
				return (result != null) ? result : 0;
			}
			catch (DataAccessException | TransactionException ex) {
				long pause = 250L * attempt * attempt;
				boolean late = System.nanoTime() - started + TimeUnit.MILLISECONDS.toNanos(pause) >= withinNanos;
				if (attempt == ATTEMPTS || late || !passes(ex)) {
					throw ex;
				}
				logger.warn("awty: could not write outcomes of " + what + " ("
						+ NestedExceptionUtils.getMostSpecificCause(ex).getMessage() + "); trying again");
				sleep(pause);
			}
		}
	}

	private static boolean passes(RuntimeException failure) {
		if (failure instanceof DataAccessException dataAccess) {
			return !isPermanent(dataAccess);
		}
		if (failure instanceof CannotCreateTransactionException) {
			return true;
		}
		// DataSourceTransactionManager reports a failed COMMIT untranslated: it passes if the connection was lost.
		// (JdbcTransactionManager would translate it, but then rolls back on the lost connection and reports that.)
		return failure instanceof TransactionSystemException && lostConnection(failure);
	}

	private static boolean lostConnection(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof SQLTransientException || cause instanceof SQLRecoverableException
					|| cause instanceof SQLNonTransientConnectionException) {
				return true;
			}
			if (cause instanceof SQLException sql && sql.getSQLState() != null
					&& (sql.getSQLState().startsWith("08") || sql.getSQLState().equals(ADMIN_SHUTDOWN))) {
				return true;
			}
		}
		return false;
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
