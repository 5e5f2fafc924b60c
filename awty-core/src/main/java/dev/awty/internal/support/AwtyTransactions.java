package dev.awty.internal.support;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.JdbcTransactionObjectSupport;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionException;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.SimpleTransactionStatus;
import org.springframework.transaction.support.TransactionCallback;
import org.springframework.transaction.support.TransactionOperations;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The transaction every write of awty runs in. A caller's transaction that already holds a connection of awty's
 * DataSource (a {@code @Transactional} method on JDBC or JPA) is joined, so that a schedule commits with the
 * caller's domain change. Otherwise the work runs in a READ COMMITTED transaction of awty's own
 * {@link DataSourceTransactionManager}: never the pool's auto-commit (a pool configured with auto-commit off
 * rolls an uncommitted write back when the connection returns), and never the application's primary
 * transaction manager (which may manage JPA, JTA or another resource).
 * <p>
 * Asking for READ COMMITTED costs a round trip per transaction on PostgreSQL: its driver asks the server for the
 * current level each time, in series with every claim and every write of outcomes. So the first transaction learns
 * from its own connection what the pool hands out; when that is READ COMMITTED already (PostgreSQL's default),
 * awty's later transactions keep the connection's level and skip the question. Pools hand every connection out at
 * their configured level (HikariCP resets a level a transaction changed when the connection comes back).
 */
public final class AwtyTransactions implements TransactionOperations {

	private final DataSource dataSource;

	private final TransactionTemplate readCommitted;

	private final TransactionTemplate connectionLevel;

	/** {@link #readCommitted} or {@link #connectionLevel}, once the pool's level is known. */
	private volatile @Nullable TransactionTemplate own;

	private AwtyTransactions(DataSource dataSource) {
		this.dataSource = dataSource;
		DataSourceTransactionManager manager = new DataSourceTransactionManager(dataSource);
		this.readCommitted = new TransactionTemplate(manager);
		// Claims on MySQL and MariaDB lock the rows they select and no gaps between them; a fenced write on
		// PostgreSQL sees the latest committed row instead of failing to serialize.
		this.readCommitted.setIsolationLevel(TransactionDefinition.ISOLATION_READ_COMMITTED);
		this.connectionLevel = new TransactionTemplate(manager);
	}

	/** awty's transactions on {@code dataSource}. */
	public static AwtyTransactions on(DataSource dataSource) {
		return new AwtyTransactions(dataSource);
	}

	@Override
	public <T> @Nullable T execute(TransactionCallback<T> action) throws TransactionException {
		if (TransactionSynchronizationManager.isActualTransactionActive()
				&& TransactionSynchronizationManager.hasResource(this.dataSource)) {
			// Joined, whichever manager began it: committing or rolling back is the caller's decision.
			return action.doInTransaction(new SimpleTransactionStatus(false));
		}
		return own(action);
	}

	private <T> @Nullable T own(TransactionCallback<T> action) {
		TransactionTemplate chosen = this.own;
		if (chosen != null) {
			return chosen.execute(action);
		}
		// Until the pool's level is known, ask for READ COMMITTED and learn the level from the transaction's own
		// connection: no connection of its own, and a transaction that fails to begin leaves it to the next one.
		return this.readCommitted.execute((status) -> {
			learnPoolLevel(status);
			return action.doInTransaction(status);
		});
	}

	private void learnPoolLevel(TransactionStatus status) {
		if (this.own != null) {
			return;
		}
		if (status instanceof DefaultTransactionStatus begun
				&& begun.getTransaction() instanceof JdbcTransactionObjectSupport transaction) {
			// The manager read the connection's level to ask for READ COMMITTED, and kept the level it replaced:
			// none when the connection was at READ COMMITTED already.
			this.own = (transaction.getPreviousIsolationLevel() == null) ? this.connectionLevel : this.readCommitted;
		}
		else {
			this.own = this.readCommitted;
		}
	}

}
