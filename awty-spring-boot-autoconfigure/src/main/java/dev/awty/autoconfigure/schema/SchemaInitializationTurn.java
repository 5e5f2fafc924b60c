package dev.awty.autoconfigure.schema;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import dev.awty.spi.SchemaInitializationLock;

/**
 * This instance's turn to create or upgrade awty's tables: the dialect's {@link SchemaInitializationLock} held on a
 * connection of its own until {@link #close()}. Waiting for it is bounded, says who holds it, and ends when the
 * thread is interrupted or the JVM begins to shut down (a SIGTERM while another instance holds it).
 */
final class SchemaInitializationTurn implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(AwtySchemaInitializer.class);

	private static final Duration REPORT_INTERVAL = Duration.ofSeconds(30);

	private final Connection connection;

	private final SchemaInitializationLock lock;

	private SchemaInitializationTurn(Connection connection, SchemaInitializationLock lock) {
		this.connection = connection;
		this.lock = lock;
	}

	/**
	 * Waits up to {@code timeout} for the lock, trying again every quarter of a second.
	 * @return the turn, or {@code null} when the database refused the lock statement (a forced dialect on a
	 * database that speaks it only in part, H2 in PostgreSQL mode)
	 * @throws IllegalStateException when the lock stayed taken for {@code timeout}, or the wait was stopped; the
	 * message names the sessions holding it
	 */
	static @Nullable SchemaInitializationTurn take(DataSource dataSource, SchemaInitializationLock lock,
			Duration timeout) throws SQLException {
		Connection connection = dataSource.getConnection();
		boolean taken = false;
		Thread waiting = Thread.currentThread();
		// Spring interrupts a refresh stuck in a plain wait only; this wait sleeps with a timeout, so the JVM's
		// shutdown (SIGTERM) interrupts it itself.
		Thread stop = new Thread(waiting::interrupt, "awty-schema-lock-stop");
		Runtime.getRuntime().addShutdownHook(stop);
		try {
			connection.setAutoCommit(false);
			JdbcClient jdbc = JdbcClient.create(new SingleConnectionDataSource(connection, true));
			String holder = "awty schema initialization on " + hostName() + " (pid " + ProcessHandle.current().pid() + ")";
			long deadline = System.nanoTime() + timeout.toNanos();
			long nextReport = System.nanoTime();
			for (int attempt = 1;; attempt++) {
				Object result;
				try {
					result = jdbc.sql(lock.tryLock()).param("holder", holder).query((rs, row) -> rs.getObject(1)).single();
				}
				catch (DataAccessException ex) {
					if (attempt == 1) {
						return null;
					}
					throw ex;
				}
				if (Boolean.TRUE.equals(result) || (result instanceof Number number && number.intValue() == 1)) {
					taken = true;
					return new SchemaInitializationTurn(connection, lock);
				}
				// Between tries the connection holds no transaction, so behind a pooler it holds no server session.
				connection.rollback();
				if (System.nanoTime() - deadline >= 0) {
					throw new IllegalStateException("awty's schema initialization lock stayed taken for " + timeout
							+ ", held by " + holders(jdbc, connection, lock) + ". An instance creating or upgrading "
							+ "awty's tables holds it; if that session is not an instance starting, end it, or set "
							+ "awty.schema.lock-timeout to wait longer");
				}
				if (System.nanoTime() - nextReport >= 0) {
					logger.info("awty: waiting for the schema initialization lock, held by "
							+ holders(jdbc, connection, lock));
					nextReport = System.nanoTime() + REPORT_INTERVAL.toNanos();
				}
				try {
					Thread.sleep(ThreadLocalRandom.current().nextLong(200, 300));
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new IllegalStateException("awty: start-up stopped while waiting for the schema initialization "
							+ "lock, held by " + holders(jdbc, connection, lock), ex);
				}
			}
		}
		finally {
			try {
				Runtime.getRuntime().removeShutdownHook(stop);
			}
			catch (IllegalStateException ex) {
				// the JVM is shutting down: the hook runs or ran
			}
			if (!taken) {
				close(connection, null);
			}
		}
	}

	/** The connection holding the lock; with a lock that ends with its transaction, for no statement of its own. */
	Connection connection() {
		return this.connection;
	}

	/** Ends the turn: releases the lock (or ends the transaction holding it) and gives the connection back. */
	@Override
	public void close() {
		close(this.connection, this.lock.release());
	}

	private static void close(Connection connection, @Nullable String release) {
		try {
			if (!connection.getAutoCommit()) {
				connection.rollback();
			}
			if (release != null) {
				JdbcClient.create(new SingleConnectionDataSource(connection, true)).sql(release).query().listOfRows();
			}
		}
		catch (SQLException | DataAccessException ex) {
			logger.debug("awty: could not end the schema initialization turn cleanly; closing its connection", ex);
		}
		finally {
			try {
				connection.close();
			}
			catch (SQLException ex) {
				// the pool finds it broken at its next check
			}
		}
	}

	private static String holders(JdbcClient jdbc, Connection connection, SchemaInitializationLock lock) {
		try {
			List<String> holders = jdbc.sql(lock.holders()).query(String.class).list();
			connection.rollback();
			return holders.isEmpty() ? "a session no longer visible (it just ended)" : String.join("; ", holders);
		}
		catch (SQLException | DataAccessException ex) {
			try {
				connection.rollback();
			}
			catch (SQLException rollbackFailed) {
				// the next try fails and says why
			}
			return "a session that could not be read (" + ex.getMessage() + ")";
		}
	}

	private static String hostName() {
		try {
			return InetAddress.getLocalHost().getHostName();
		}
		catch (UnknownHostException ex) {
			return "an unknown host";
		}
	}

}
