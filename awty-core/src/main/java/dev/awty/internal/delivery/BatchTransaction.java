package dev.awty.internal.delivery;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.Supplier;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.jdbc.datasource.ConnectionHolder;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The transaction a batch held by row locks lives in, from its claim to its commit: begun on the thread that claims
 * and ended on the worker that publishes, so it cannot be a transaction bound to one thread for its whole life. Its
 * connection is bound to a thread only while awty's statements run on it ({@link #run}): they then join it, as they
 * join any transaction of awty's DataSource. Used by one thread at a time.
 */
final class BatchTransaction implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(BatchTransaction.class);

	private final DataSource dataSource;

	private final Connection connection;

	private final ConnectionHolder holder;

	private final boolean autoCommit;

	private final int isolation;

	private boolean ended;

	private boolean closed;

	private BatchTransaction(DataSource dataSource, Connection connection, boolean autoCommit, int isolation) {
		this.dataSource = dataSource;
		this.connection = connection;
		this.autoCommit = autoCommit;
		this.isolation = isolation;
		this.holder = new ActiveConnection(connection);
	}

	/**
	 * What a pool's connections are known to be at: PostgreSQL's driver asks the server for the level each time, a
	 * round trip per batch, so once a connection came at READ COMMITTED the others are taken to (pools hand out
	 * every connection at their configured level, and HikariCP resets a level that was changed).
	 */
	static final class PoolLevel {

		private volatile boolean readCommitted;

	}

	/** A connection in a transaction that has begun: a transaction manager asked on this thread joins it. */
	private static final class ActiveConnection extends ConnectionHolder {

		ActiveConnection(Connection connection) {
			super(connection);
			setTransactionActive(true);
		}

	}

	/**
	 * Takes a connection and begins a READ COMMITTED transaction on it: on MySQL and MariaDB the lock of the due rows
	 * then locks no gaps between them, which would block the inserts of new rows until the batch commits.
	 */
	static BatchTransaction begin(DataSource dataSource, PoolLevel poolLevel) {
		Connection connection;
		try {
			connection = dataSource.getConnection();
		}
		catch (SQLException ex) {
			throw new CannotCreateTransactionException("awty: no connection for a batch (" + ex.getMessage() + ")", ex);
		}
		try {
			boolean autoCommit = connection.getAutoCommit();
			int isolation = poolLevel.readCommitted ? Connection.TRANSACTION_READ_COMMITTED
					: connection.getTransactionIsolation();
			if (isolation != Connection.TRANSACTION_READ_COMMITTED) {
				connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
			}
			else {
				poolLevel.readCommitted = true;
			}
			if (autoCommit) {
				connection.setAutoCommit(false);
			}
			return new BatchTransaction(dataSource, connection, autoCommit, isolation);
		}
		catch (SQLException | RuntimeException ex) {
			DataSourceUtils.releaseConnection(connection, null);
			throw new CannotCreateTransactionException("awty: could not begin a batch's transaction (" + ex.getMessage()
					+ ")", ex);
		}
	}

	/** Runs {@code work} on this thread with the transaction bound, so that awty's statements in it join it. */
	<R> R run(Supplier<R> work) {
		if (TransactionSynchronizationManager.hasResource(this.dataSource)) {
			throw new IllegalStateException("awty: a batch's transaction cannot run where another one is bound");
		}
		TransactionSynchronizationManager.bindResource(this.dataSource, this.holder);
		TransactionSynchronizationManager.setActualTransactionActive(true);
		try {
			return work.get();
		}
		finally {
			TransactionSynchronizationManager.setActualTransactionActive(false);
			TransactionSynchronizationManager.unbindResource(this.dataSource);
		}
	}

	void commit() {
		try {
			this.connection.commit();
			this.ended = true;
		}
		catch (SQLException ex) {
			throw new TransactionSystemException("awty: a batch's transaction could not commit (" + ex.getMessage() + ")",
					ex);
		}
	}

	/** Rolls back unless committed, and gives the connection back as it was taken, once. Never throws. */
	@Override
	public void close() {
		if (this.closed) {
			return;
		}
		this.closed = true;
		try {
			if (!this.ended) {
				this.connection.rollback();
			}
			if (this.isolation != Connection.TRANSACTION_READ_COMMITTED) {
				this.connection.setTransactionIsolation(this.isolation);
			}
			if (this.autoCommit) {
				this.connection.setAutoCommit(true);
			}
		}
		catch (SQLException | RuntimeException ex) {
			// The pool checks the connection before it hands it out again; a broken one is replaced.
			logger.debug("awty: a batch's connection could not be reset", ex);
		}
		finally {
			this.ended = true;
			DataSourceUtils.releaseConnection(this.connection, null);
		}
	}

}
