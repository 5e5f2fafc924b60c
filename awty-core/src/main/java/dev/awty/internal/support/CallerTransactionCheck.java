package dev.awty.internal.support;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Refuses (or warns about) an application call into awty made inside a transaction that holds another DataSource but
 * not awty's: awty's statement would run on a connection of its own and commit at once, so the caller's rollback
 * would leave the row behind, silently. Checked before each statement, then the caller's pending writes are flushed.
 * <p>
 * Only a transaction bound to another DataSource is judged: one bound to none (JTA, which enlists connections as
 * they are taken) is left alone, as is a call outside any transaction.
 */
public final class CallerTransactionCheck implements PendingWrites {

	private static final Log logger = LogFactory.getLog(CallerTransactionCheck.class);

	/** Bounds the memory of warned transaction names in a service that names its transactions dynamically. */
	private static final int WARNED_NAMES = 100;

	private final DataSource dataSource;

	private final String dataSourceName;

	private final Supplier<String> fix;

	private final boolean fail;

	private final PendingWrites next;

	private final Set<String> warned = ConcurrentHashMap.newKeySet();

	/**
	 * @param dataSourceName awty's DataSource as the application names it (its bean name)
	 * @param fix what to do instead, in the application's terms (the transaction manager to use, the property that
	 * turns the failure into a warning); asked only when a call is refused
	 * @param fail whether to throw; {@code false} logs a warning once per transaction name and goes on
	 */
	public CallerTransactionCheck(DataSource dataSource, String dataSourceName, Supplier<String> fix, boolean fail,
			PendingWrites next) {
		this.dataSource = dataSource;
		this.dataSourceName = dataSourceName;
		this.fix = fix;
		this.fail = fail;
		this.next = next;
	}

	@Override
	public void flush() {
		if (inAnotherDataSourcesTransaction()) {
			refuse();
		}
		this.next.flush();
	}

	private boolean inAnotherDataSourcesTransaction() {
		if (!TransactionSynchronizationManager.isActualTransactionActive()
				|| TransactionSynchronizationManager.hasResource(this.dataSource)) {
			return false;
		}
		return TransactionSynchronizationManager.getResourceMap()
			.keySet()
			.stream()
			.anyMatch((resource) -> resource instanceof DataSource);
	}

	private void refuse() {
		@Nullable String name = TransactionSynchronizationManager.getCurrentTransactionName();
		String problem = "awty was called inside the transaction " + ((name != null) ? "'" + name + "' " : "")
				+ "of another DataSource, which does not hold awty's DataSource '" + this.dataSourceName
				+ "': awty's statement would commit on its own, and a rollback of that transaction would not undo it";
		if (this.fail) {
			throw new IllegalTransactionStateException(problem + ". " + this.fix.get());
		}
		if (this.warned.size() < WARNED_NAMES && this.warned.add(String.valueOf(name))) {
			logger.warn(problem + ". " + this.fix.get());
		}
	}

}
